#include "kifu/core/json.hpp"

#include <fmt/format.h>

#include "kifu/core/utf8.hpp"

namespace kifu {

void append_json_string(std::string& out, std::string_view text) {
    out += '"';
    std::size_t plain = 0;  // runs of characters that need no escape are appended whole
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x80) {
            // JSON is UTF-8: a byte of no valid sequence (a record in another charset, a
            // hostile file) is U+FFFD, the replacement character.
            const std::size_t length = utf8::decode(text, i).length;
            if (length > 0) {
                i += length - 1;
                continue;
            }
            out.append(text.substr(plain, i - plain));
            plain = i + 1;
            out += "\\ufffd";
            continue;
        }
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

void JsonWriter::open(char bracket) {
    comma();
    out_.push_back(bracket);
    first_ = true;
}

void JsonWriter::close(char bracket) {
    out_.push_back(bracket);
    first_ = false;
}

void JsonWriter::key(std::string_view name) {
    comma();
    append_json_string(out_, name);
    out_.push_back(':');
    first_ = true;  // the value follows without a comma
}

void JsonWriter::comma() {
    if (!first_) out_.push_back(',');
    first_ = false;
}

void JsonWriter::string(std::string_view text) {
    comma();
    append_json_string(out_, text);
}

void JsonWriter::number(std::uint64_t n) {
    comma();
    fmt::format_to(std::back_inserter(out_), "{}", n);
}

void JsonWriter::number(double x, int decimals) {
    comma();
    fmt::format_to(std::back_inserter(out_), "{:.{}f}", x, decimals);
}

void JsonWriter::boolean(bool b) {
    raw(b ? "true" : "false");
}

void JsonWriter::raw(std::string_view json) {
    comma();
    out_ += json;
}

void JsonWriter::error(const Error& e, std::string_view source, std::string_view severity) {
    open('{');
    key("line"), number(std::uint64_t{e.line});
    key("column"), number(std::uint64_t{e.column});
    key("code"), string(to_string(e.code));
    key("message"), string(visible_text(e.message));
    key("text"), string(e.format(source, severity));
    close('}');
}

void JsonWriter::errors(std::string_view name, const std::vector<Error>& list, std::string_view source,
                        std::string_view severity) {
    key(name);
    open('[');
    for (const Error& e : list) error(e, source, severity);
    close(']');
}

}  // namespace kifu
