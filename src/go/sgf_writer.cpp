// SGF writer: FF[4], UTF-8, a node a line, each variation on a new line. An explicit
// stack, like the reader, so that no tree is too deep to write.

#include <string>

#include "kifu/go/sgf.hpp"

namespace kifu::go {
namespace {

// Raw values are written as read, except that a ']' the reader took in as text (an
// unescaped bracket) is escaped now.
void append_value(std::string& out, std::string_view raw) {
    out.push_back('[');
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (c == '\\' && i + 1 < raw.size()) {
            out.push_back(c);
            out.push_back(raw[++i]);
            continue;
        }
        if (c == ']' || c == '\\') out.push_back('\\');
        out.push_back(c);
    }
    out.push_back(']');
}

void append_property(std::string& out, const SgfCollection& sgf, const SgfCollection::Property& p) {
    out.append(p.id);
    for (const std::string_view v : sgf.values(p)) append_value(out, v);
}

void append_node(std::string& out, const SgfCollection& sgf, std::uint32_t node, bool root) {
    out.push_back(';');
    if (root) {
        if (const auto* gm = sgf.find(node, "GM")) append_property(out, sgf, *gm);
        out.append("FF[4]CA[UTF-8]");
    }
    for (const SgfCollection::Property& p : sgf.properties(node)) {
        if (root && (p.id == "GM" || p.id == "FF" || p.id == "CA")) continue;
        append_property(out, sgf, p);
    }
}

void append_tree(std::string& out, const SgfCollection& sgf, std::uint32_t root) {
    struct Branch {
        std::uint32_t next;  // the next variation to open at this branch point
    };
    std::vector<Branch> branches;
    out.push_back('(');
    std::uint32_t node = root;
    for (;;) {
        append_node(out, sgf, node, node == root);
        const SgfCollection::Node& n = sgf.node(node);
        if (n.first_child != SgfCollection::kNone) {
            const std::uint32_t first = n.first_child;
            if (sgf.node(first).next_sibling == SgfCollection::kNone) {
                out.push_back('\n');
            } else {
                branches.push_back({sgf.node(first).next_sibling});
                out.append("\n(");
            }
            node = first;
            continue;
        }
        // A leaf: close variations until one has a sibling left to open.
        for (;;) {
            out.push_back(')');
            if (branches.empty()) {
                out.push_back('\n');
                return;
            }
            Branch& b = branches.back();
            if (b.next != SgfCollection::kNone) {
                out.append("\n(");
                node = b.next;
                b.next = sgf.node(node).next_sibling;
                break;
            }
            branches.pop_back();
        }
    }
}

}  // namespace

std::string write_sgf(const SgfCollection& collection) {
    std::string out;
    out.reserve(collection.source().size() + 64);
    for (const std::uint32_t root : collection.games()) append_tree(out, collection, root);
    return out;
}

}  // namespace kifu::go
