#include <algorithm>

#include "kifu/go/sgf.hpp"

namespace kifu::go {

const SgfCollection::Property* SgfCollection::find(std::uint32_t node, std::string_view id) const {
    for (const Property& p : properties(node))
        if (p.id == id) return &p;
    return nullptr;
}

const std::string_view* SgfCollection::value(std::uint32_t node, std::string_view id) const {
    const Property* p = find(node, id);
    return p && p->value_count > 0 ? &values_[p->first_value] : nullptr;
}

std::vector<std::uint32_t> SgfCollection::children(std::uint32_t node) const {
    std::vector<std::uint32_t> out;
    for (std::uint32_t c = nodes_[node].first_child; c != kNone; c = nodes_[c].next_sibling) out.push_back(c);
    return out;
}

std::uint32_t SgfCollection::add_game() {
    nodes_.push_back(Node{});
    nodes_.back().first_property = static_cast<std::uint32_t>(properties_.size());
    const auto id = static_cast<std::uint32_t>(nodes_.size() - 1);
    games_.push_back(id);
    return id;
}

Error SgfCollection::error_at(std::size_t offset, ErrorCode code, std::string message) const {
    if (!lines_) lines_ = std::make_unique<LineIndex>(*text_);
    const LineColumn at = lines_->locate(offset);
    return Error{code, {offset, at.line, at.column}, std::move(message)};
}

std::string_view SgfCollection::keep(std::string_view text) {
    return owned_.emplace_back(text);
}

void SgfCollection::set_property(std::uint32_t node, std::string_view id,
                                 std::span<const std::string> raw_values) {
    remove_property(node, id);
    Node& n = nodes_[node];
    // A node's properties are contiguous: move them to the end unless they are there.
    if (n.first_property + n.property_count != properties_.size()) {
        const auto moved = static_cast<std::uint32_t>(properties_.size());
        for (std::uint32_t k = 0; k < n.property_count; ++k)
            properties_.push_back(properties_[n.first_property + k]);
        n.first_property = moved;
    }
    Property p;
    p.id = keep(id);
    p.first_value = static_cast<std::uint32_t>(values_.size());
    p.value_count = static_cast<std::uint32_t>(raw_values.size());
    p.offset = 0;
    for (const std::string& v : raw_values) values_.push_back(keep(v));
    properties_.push_back(p);
    ++n.property_count;
}

void SgfCollection::set_property(std::uint32_t node, std::string_view id, std::string_view raw_value) {
    const std::string value(raw_value);
    set_property(node, id, std::span(&value, 1));
}

void SgfCollection::remove_property(std::uint32_t node, std::string_view id) {
    Node& n = nodes_[node];
    auto first = properties_.begin() + n.first_property;
    auto last = first + n.property_count;
    auto it = std::find_if(first, last, [&](const Property& p) { return p.id == id; });
    if (it == last) return;
    std::rotate(it, it + 1, last);  // keep the others in order; the removed one sits at the end
    --n.property_count;
}

Error warning_error(const SgfWarning& warning) {
    Error e = warning.where;
    e.message += " [";
    e.message += to_string(warning.issue);
    e.message += ']';
    return e;
}

}  // namespace kifu::go
