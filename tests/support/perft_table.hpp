#pragma once
// The rows of a perft table of ../shared/testdata (name, position, depth, nodes, then
// columns the tests do not read), for the shogi and xiangqi perft tests.

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace kifu::test {

struct PerftRow {
    std::string name, position;
    int depth = 0;
    std::uint64_t nodes = 0;
};

inline std::vector<PerftRow> read_perft_table(const std::filesystem::path& path) {
    std::vector<PerftRow> rows;
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        PerftRow r;
        std::string depth, nodes;
        std::getline(fields, r.name, '\t');
        std::getline(fields, r.position, '\t');
        std::getline(fields, depth, '\t');
        std::getline(fields, nodes, '\t');
        r.depth = std::stoi(depth);
        r.nodes = std::stoull(nodes);
        rows.push_back(r);
    }
    return rows;
}

}  // namespace kifu::test
