#include "kifu/core/json.hpp"

namespace kifu {

void append_json_string(std::string& out, std::string_view text) {
    out += '"';
    std::size_t plain = 0;  // runs of characters that need no escape are appended whole
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        out.append(text.substr(plain, i - plain));
        plain = i + 1;
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default: {
                constexpr char kHex[] = "0123456789abcdef";
                out += "\\u00";
                out += kHex[c >> 4];
                out += kHex[c & 15];
            }
        }
    }
    out.append(text.substr(plain));
    out += '"';
}

}  // namespace kifu
