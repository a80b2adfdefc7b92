#pragma once
// Reading the test corpora as they are stored: gzip files and gzip'd tar archives.
// For tests and benchmarks only (zlib); not part of the library.

#include <zlib.h>

#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace kifu::testing {

inline std::optional<std::string> read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The whole decompressed content of a gzip file, or nullopt.
inline std::optional<std::string> read_gzip(const std::string& path) {
    gzFile file = gzopen(path.c_str(), "rb");
    if (!file) return std::nullopt;
    std::string out;
    char buffer[1 << 16];
    int n;
    while ((n = gzread(file, buffer, sizeof buffer)) > 0) out.append(buffer, static_cast<std::size_t>(n));
    const bool ok = n == 0;
    gzclose(file);
    if (!ok) return std::nullopt;
    return out;
}

struct TarEntry {
    std::string name;
    std::string_view data;
};

// The regular files of a tar archive (ustar and GNU long names), viewing into `tar`.
inline std::vector<TarEntry> tar_files(std::string_view tar) {
    std::vector<TarEntry> files;
    std::string long_name;
    std::size_t at = 0;
    while (at + 512 <= tar.size()) {
        const std::string_view header = tar.substr(at, 512);
        if (header[0] == '\0') break;  // the end-of-archive blocks
        std::uint64_t size = 0;
        for (std::size_t i = 124; i < 136 && header[i] >= '0' && header[i] <= '7'; ++i)
            size = size * 8 + static_cast<std::uint64_t>(header[i] - '0');
        const char type = header[156];
        const std::string_view data = tar.substr(at + 512, static_cast<std::size_t>(size));
        std::string name(header.substr(0, 100).data(),
                         header.substr(0, 100).find('\0') == std::string_view::npos
                             ? 100
                             : header.substr(0, 100).find('\0'));
        if (header.substr(257, 5) == "ustar" && header[345] != '\0') {
            const std::string_view prefix = header.substr(345, 155);
            name = std::string(prefix.substr(0, prefix.find('\0'))) + "/" + name;
        }
        if (type == 'L') {
            long_name = std::string(data.substr(0, data.find('\0')));
        } else {
            if (!long_name.empty()) name = std::move(long_name), long_name.clear();
            if (type == '0' || type == '\0') files.push_back({name, data});
        }
        at += 512 + (static_cast<std::size_t>(size) + 511) / 512 * 512;
    }
    return files;
}

}  // namespace kifu::testing
