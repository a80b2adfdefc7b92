#pragma once
// Writing JSON: the one escape every JSON writer of kifu needs (JSON Lines, JKF), and the
// one writer of objects and arrays that the service's answers, the index's results and
// errors as JSON are written with. Compact: no blank between tokens.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/error.hpp"

namespace kifu {

// `text` (UTF-8) as a JSON string literal, quotes included; control characters escaped.
void append_json_string(std::string& out, std::string_view text);

// A JSON text written front to back; the commas between values are its business. A value
// after key() is that key's; anywhere else it is the next element of the array open.
class JsonWriter {
  public:
    void open(char bracket);   // '{' or '['
    void close(char bracket);  // '}' or ']'
    void key(std::string_view name);
    void string(std::string_view text);
    void number(std::uint64_t n);
    void number(double x, int decimals);  // fixed-point, as printf's %.Nf
    void boolean(bool b);
    void raw(std::string_view json);  // a value already written as JSON

    // An error as {"line","column","code","message","text"}, text being the CLI's
    // SOURCE:LINE:COL: SEVERITY: MESSAGE; errors() a key with a list of them.
    void error(const Error& e, std::string_view source, std::string_view severity = "error");
    void errors(std::string_view name, const std::vector<Error>& list, std::string_view source,
                std::string_view severity = "error");

    const std::string& text() const noexcept { return out_; }
    std::string take() noexcept { return std::move(out_); }

  private:
    void comma();

    std::string out_;
    bool first_ = true;
};

}  // namespace kifu
