#include "kifu/go/stone.hpp"

namespace kifu::go {

std::string_view stone_name(Stone s) noexcept {
    switch (s) {
        case Stone::none:
            return "empty";
        case Stone::black:
            return "black";
        case Stone::white:
            return "white";
        case Stone::red:
            return "red";
        case Stone::green:
            return "green";
        case Stone::blue:
            return "blue";
        case Stone::yellow:
            return "yellow";
        case Stone::purple:
            return "purple";
    }
    return "empty";
}

}  // namespace kifu::go
