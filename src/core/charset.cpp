#include "kifu/core/charset.hpp"

#include <iconv.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "kifu/core/utf8.hpp"

namespace kifu::charset {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return out;
}

class Iconv {
  public:
    Iconv(const char* to, const char* from) : handle_(iconv_open(to, from)) {}
    ~Iconv() {
        if (ok()) iconv_close(handle_);
    }
    Iconv(const Iconv&) = delete;
    Iconv& operator=(const Iconv&) = delete;
    bool ok() const { return handle_ != reinterpret_cast<iconv_t>(-1); }
    iconv_t get() const { return handle_; }

  private:
    iconv_t handle_;
};

// A converter from `from` to `to`, kept open for the thread's next calls: glibc loads a
// charset's module (CP949's UHC.so, GB18030.so) when a converter opens and unloads it when
// the last one closes, which costs more than converting a record of a few kilobytes. The
// last few pairs a thread used stay open, its state reset for each use; nullptr for a pair
// iconv cannot convert.
iconv_t converter(const std::string& to, const std::string& from) {
    struct Kept {
        std::string to, from;
        std::unique_ptr<Iconv> cd;
    };
    thread_local std::array<Kept, 4> kept;
    thread_local std::size_t next = 0;
    for (Kept& k : kept)
        if (k.cd && k.to == to && k.from == from) {
            iconv(k.cd->get(), nullptr, nullptr, nullptr, nullptr);
            return k.cd->get();
        }
    auto cd = std::make_unique<Iconv>(to.c_str(), from.c_str());
    if (!cd->ok()) return nullptr;
    Kept& slot = kept[next++ % kept.size()];
    slot = {to, from, std::move(cd)};
    return slot.cd->get();
}

bool known(const std::string& name) {
    return converter("UTF-8", name) != nullptr;
}

}  // namespace

std::string canonical_name(std::string_view declared) {
    std::string name = upper(declared);
    while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.pop_back();
    while (!name.empty() && (name.front() == ' ' || name.front() == '\t')) name.erase(0, 1);
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 14> kAliases{{
        {"UTF8", "UTF-8"},
        {"UTF-8", "UTF-8"},
        {"LATIN1", "ISO-8859-1"},
        {"LATIN-1", "ISO-8859-1"},
        {"X-MAC-JAPANESE", "CP932"},
        {"SHIFT_JIS", "CP932"},  // what Windows and Macs actually write under this name
        {"SHIFT-JIS", "CP932"},
        {"SJIS", "CP932"},
        {"X-SJIS", "CP932"},
        {"GB2312", "GB18030"},  // supersets read the subsets' bytes the same way
        {"GBK", "GB18030"},
        {"EUC-CN", "GB18030"},
        {"X-MAC-CHINESESIMP", "GB18030"},
        {"X-MAC-KOREAN", "EUC-KR"},
    }};
    for (const auto& [alias, target] : kAliases)
        if (name == alias) return std::string(target);
    if (name.rfind("WINDOWS-", 0) == 0) name = "CP" + name.substr(8);
    if (name == "MACINTOSH" || name == "X-MAC-ROMAN" || name == "MACROMAN") name = "MACINTOSH";
    return known(name) ? name : std::string{};
}

Result<Converted> to_utf8(std::string_view bytes, std::string_view charset) {
    const std::string name(charset);
    if (name == "UTF-8") return repair_utf8(bytes);
    const iconv_t cd = converter("UTF-8", name);
    if (!cd) return Error{ErrorCode::unsupported, fmt::format("unknown character set '{}'", charset)};

    // Converted a block at a time and appended: memory is what the text takes (reserved, not
    // touched, ahead), not the worst case of twice the input written as zeros first.
    Converted out;
    out.text.reserve(bytes.size() * 2 + 16);
    std::array<char, 1 << 16> block;
    char* in = const_cast<char*>(bytes.data());  // iconv's interface; it does not write
    std::size_t in_left = bytes.size();
    const auto convert = [&](char** from, std::size_t* from_left) {
        char* dst = block.data();
        std::size_t dst_left = block.size();
        const std::size_t r = iconv(cd, from, from_left, &dst, &dst_left);
        const int error = errno;
        out.text.append(block.data(), static_cast<std::size_t>(dst - block.data()));
        return r != static_cast<std::size_t>(-1) ? 0 : error;
    };
    while (in_left > 0) {
        const int error = convert(&in, &in_left);
        if (error == 0) break;
        if (error == E2BIG) continue;  // the block is full: on with the next
        // EILSEQ or EINVAL (a sequence cut by the end): replace one byte and go on. (glibc's
        // CP949 can fail after taking the last bytes: then they are replaced, nothing skipped.)
        if (out.replaced++ == 0)
            out.first_replaced = in_left == 0 ? bytes.size() - 1 : bytes.size() - in_left;
        out.text += kReplacement;
        if (in_left == 0) break;
        ++in;
        --in_left;
        iconv(cd, nullptr, nullptr, nullptr, nullptr);  // reset the shift state
    }
    // Flush the shift state of stateful encodings (ISO-2022-JP).
    while (convert(nullptr, nullptr) == E2BIG) {
    }
    return out;
}

Result<std::string> from_utf8(std::string_view text, std::string_view charset) {
    const std::string name(charset);
    const iconv_t cd = converter(name, "UTF-8");
    if (!cd) return Error{ErrorCode::unsupported, fmt::format("unknown character set '{}'", charset)};
    std::string out(text.size() + 16, '\0');
    char* in = const_cast<char*>(text.data());  // iconv's interface; it does not write
    std::size_t in_left = text.size();
    std::size_t written = 0;
    while (in_left > 0) {
        char* dst = out.data() + written;
        std::size_t dst_left = out.size() - written;
        const std::size_t r = iconv(cd, &in, &in_left, &dst, &dst_left);
        written = static_cast<std::size_t>(dst - out.data());
        if (r != static_cast<std::size_t>(-1)) break;
        if (errno == E2BIG) {
            out.resize(out.size() * 2);
            continue;
        }
        const std::size_t at = text.size() - in_left;
        const utf8::Decoded d = utf8::decode(text, at);
        return Error{ErrorCode::unsupported,
                     {at, 0, 0},
                     d.length == 0
                         ? fmt::format("invalid UTF-8 at byte {}", at)
                         : fmt::format("'{}' (U+{:04X}) has no code in {}", text.substr(at, d.length),
                                       static_cast<std::uint32_t>(d.code_point), name)};
    }
    out.resize(written);
    return out;
}

Converted repair_utf8(std::string_view text) {
    Converted out;
    std::size_t bad = utf8::find_invalid(text);
    if (bad == text.size()) {
        out.text.assign(text);
        return out;
    }
    out.first_replaced = bad;
    out.text.reserve(text.size() + 16);
    std::size_t i = 0;
    while (bad < text.size()) {
        out.text.append(text.substr(i, bad - i));
        out.text.append(kReplacement);
        ++out.replaced;
        i = bad + 1;
        const std::size_t next = utf8::find_invalid(text.substr(i));
        bad = i + next;
    }
    out.text.append(text.substr(i));
    return out;
}

std::pair<std::string_view, std::size_t> byte_order_mark(std::string_view bytes) noexcept {
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF") return {"UTF-8", 3};
    if (bytes.substr(0, 2) == "\xFF\xFE") return {"UTF-16LE", 2};
    if (bytes.substr(0, 2) == "\xFE\xFF") return {"UTF-16BE", 2};
    return {"", 0};
}

}  // namespace kifu::charset
