#include <algorithm>

#include "kifu/go/sgf.hpp"
#include "sgf_known_ids.hpp"

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

SgfCollection::SgfCollection(std::string source, std::string charset)
    : text_(std::make_unique<std::string>(std::move(source))), charsets_{std::move(charset)} {}

std::uint32_t SgfCollection::add_game() {
    nodes_.push_back(Node{});
    nodes_.back().first_property = static_cast<std::uint32_t>(properties_.size());
    const auto id = static_cast<std::uint32_t>(nodes_.size() - 1);
    games_.push_back(id);
    return id;
}

void SgfCollection::reserve(std::size_t nodes) {
    nodes_.reserve(nodes_.size() + nodes);
    properties_.reserve(properties_.size() + nodes);
    values_.reserve(values_.size() + nodes);
}

Error SgfCollection::error_at(std::size_t offset, ErrorCode code, std::string message) const {
    if (!lines_) lines_ = std::make_unique<LineIndex>(*text_);
    const LineColumn at = lines_->locate(offset);
    return Error{code, {offset, at.line, at.column}, std::move(message)};
}

std::string_view SgfCollection::keep(std::string_view text) {
    // Text that lasts as long as the collection needs no copy: an SGF point's static text.
    if (text.empty()) return std::string_view("");  // a pass's value: static, and not null
    if (is_sgf_point_text(text)) return text;
    return owned_.emplace_back(text);
}

std::uint32_t SgfCollection::add_move(std::uint32_t parent, bool black, std::string_view point,
                                      std::uint32_t offset) {
    const std::uint32_t id = add_child(parent);
    Node& n = nodes_[id];
    n.offset = offset;
    n.property_count = 1;
    const auto value = static_cast<std::uint32_t>(values_.size());
    values_.push_back(keep(point));
    Property& p = properties_.emplace_back();  // filled in place, as in set_values
    p.id = black ? std::string_view("B") : std::string_view("W");
    p.first_value = value;
    p.value_count = 1;
    p.offset = offset;
    return id;
}

template <class Value>
void SgfCollection::set_values(std::uint32_t node, std::string_view id, std::span<const Value> raw_values) {
    Node& n = nodes_[node];
    if (n.property_count > 0) remove_property(node, id);
    // A node's properties are contiguous: move them to the end unless they are there.
    if (n.first_property + n.property_count != properties_.size()) {
        const auto moved = static_cast<std::uint32_t>(properties_.size());
        for (std::uint32_t k = 0; k < n.property_count; ++k)
            properties_.push_back(properties_[n.first_property + k]);
        n.first_property = moved;
    }
    const std::string_view known = known_id(id);
    const auto first_value = static_cast<std::uint32_t>(values_.size());
    for (const Value& v : raw_values) values_.push_back(keep(v));
    // Filled where it is kept: a property made aside and copied in was read back before its
    // narrow stores had landed (two thirds of this function's time for a record of moves).
    Property& p = properties_.emplace_back();
    p.id = known.empty() ? keep(id) : known;
    p.first_value = first_value;
    p.value_count = static_cast<std::uint32_t>(raw_values.size());
    p.offset = n.offset;
    ++n.property_count;
}

void SgfCollection::set_property(std::uint32_t node, std::string_view id,
                                 std::span<const std::string> raw_values) {
    set_values(node, id, raw_values);
}

void SgfCollection::set_property(std::uint32_t node, std::string_view id, std::string_view raw_value) {
    set_values(node, id, std::span<const std::string_view>(&raw_value, 1));
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
