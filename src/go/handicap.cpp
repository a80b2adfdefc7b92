#include "kifu/go/handicap.hpp"

namespace kifu::go {

std::vector<Point> handicap_points(BoardSize size, int stones, HandicapLayout layout) {
    if (!size.is_square() || size.width < 7 || stones < 2 || stones > 9) return {};
    const int side = size.width;
    const auto at = [](int col, int row) {
        return Point{static_cast<std::uint8_t>(col), static_cast<std::uint8_t>(row)};
    };
    const int near = side >= 13 ? 3 : 2;
    const int far = side - 1 - near;
    const int mid = side / 2;
    std::vector<Point> points{at(near, far), at(far, near)};
    if (layout == HandicapLayout::tygem)
        points.insert(points.end(), {at(near, near), at(far, far)});
    else
        points.insert(points.end(), {at(far, far), at(near, near)});
    if (side % 2 == 1 && side != 7) {
        if (stones == 5) points.push_back(at(mid, mid));
        points.insert(points.end(), {at(near, mid), at(far, mid)});
        if (stones == 7) points.push_back(at(mid, mid));
        points.insert(points.end(), {at(mid, near), at(mid, far), at(mid, mid)});
    }
    if (static_cast<int>(points.size()) < stones) return {};
    points.resize(static_cast<std::size_t>(stones));
    return points;
}

}  // namespace kifu::go
