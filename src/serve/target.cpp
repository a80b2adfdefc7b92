#include "kifu/serve/target.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "kifu/core/percent_encoding.hpp"
#include "kifu/formats/registry.hpp"

namespace kifu::serve {
namespace {

Error error_at(ErrorCode code, std::size_t offset, std::string message) {
    return Error{code, {offset, 1, static_cast<std::uint32_t>(offset + 1)}, std::move(message)};
}

// One component decoded; an escape error is placed at its column in the whole target.
Result<std::string> decode(std::string_view part, std::size_t offset, bool plus_is_space) {
    Result<std::string> decoded = percent_decode(part, {.plus_is_space = plus_is_space});
    if (!decoded) {
        Error e = std::move(decoded).error();
        return error_at(ErrorCode::invalid_encoding, offset + e.offset, std::move(e.message));
    }
    return decoded;
}

}  // namespace

const std::string* Target::find(std::string_view name) const noexcept {
    for (const Param& p : params)
        if (p.name == name) return &p.value;
    return nullptr;
}

std::optional<std::string> unknown_parameter(const Target& target, std::span<const std::string_view> known,
                                             bool (*also_known)(std::string_view)) {
    for (const Param& p : target.params) {
        if (std::find(known.begin(), known.end(), std::string_view(p.name)) != known.end()) continue;
        if (also_known != nullptr && also_known(p.name)) continue;
        const std::string_view near = formats::nearest_name(p.name, known);
        return fmt::format("unknown parameter '{}'{}", p.name,
                           near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near));
    }
    return std::nullopt;
}

Result<Target> parse_target(std::string_view target) {
    if (target.empty() || target.front() != '/')
        return error_at(ErrorCode::unexpected_character, 0,
                        fmt::format("expected a path starting with '/', found {}",
                                    target.empty() ? "nothing" : fmt::format("'{}'", target.front())));
    if (const std::size_t hash = target.find('#'); hash != std::string_view::npos)
        return error_at(ErrorCode::unexpected_character, hash,
                        "expected no fragment ('#') in a request: escape it as %23");
    const std::size_t question = target.find('?');
    Target out;
    Result<std::string> path = decode(target.substr(0, question), 0, false);
    if (!path) return std::move(path).error();
    out.path = std::move(*path);
    if (question == std::string_view::npos) return out;

    std::size_t start = question + 1;
    while (start <= target.size()) {
        std::size_t end = target.find('&', start);
        if (end == std::string_view::npos) end = target.size();
        const std::string_view pair = target.substr(start, end - start);
        if (!pair.empty()) {
            if (out.params.size() == kMaxParams)
                return error_at(ErrorCode::out_of_range, start,
                                fmt::format("expected at most {} query parameters, found more", kMaxParams));
            const std::size_t equals = pair.find('=');
            Result<std::string> name = decode(pair.substr(0, equals), start, true);
            if (!name) return std::move(name).error();
            Param param{std::move(*name), {}};
            if (equals != std::string_view::npos) {
                Result<std::string> value = decode(pair.substr(equals + 1), start + equals + 1, true);
                if (!value) return std::move(value).error();
                param.value = std::move(*value);
            }
            if (out.find(param.name) != nullptr)
                return error_at(ErrorCode::duplicate, start,
                                fmt::format("expected each parameter once, found '{}' again", param.name));
            out.params.push_back(std::move(param));
        }
        start = end + 1;
    }
    return out;
}

}  // namespace kifu::serve
