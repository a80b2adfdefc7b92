#pragma once
// A thin RAII layer over SQLite's C API for the index: a connection, prepared statements
// with bind/step/column, and errors as kifu Errors (io_error with SQLite's message).

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "kifu/core/result.hpp"

namespace kifu::index::detail {

inline Error sqlite_error(sqlite3* db, std::string_view what) {
    return Error{ErrorCode::io_error, std::string(what) + ": " + (db ? sqlite3_errmsg(db) : "out of memory")};
}

class Statement {
  public:
    Statement() = default;
    Statement(sqlite3* db, std::string_view sql) : db_(db) {
        if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) != SQLITE_OK)
            stmt_ = nullptr;
    }
    Statement(Statement&& o) noexcept : db_(o.db_), stmt_(o.stmt_) { o.stmt_ = nullptr; }
    Statement& operator=(Statement&& o) noexcept {
        std::swap(db_, o.db_);
        std::swap(stmt_, o.stmt_);
        return *this;
    }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    ~Statement() { sqlite3_finalize(stmt_); }

    explicit operator bool() const noexcept { return stmt_ != nullptr; }
    Statement& bind(int i, std::int64_t v) {
        sqlite3_bind_int64(stmt_, i, v);
        return *this;
    }
    Statement& bind(int i, std::string_view v) {
        sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Statement& bind_blob(int i, std::string_view v) {
        sqlite3_bind_blob(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    // Bound without a copy: `v` must stay as it is until the statement is run or reset.
    Statement& bind_static(int i, std::string_view v) {
        sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
        return *this;
    }
    Statement& bind_blob_static(int i, std::string_view v) {
        sqlite3_bind_blob(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
        return *this;
    }
    // True while there is a row; false at the end or on an error (see ok()).
    bool step() {
        const int rc = sqlite3_step(stmt_);
        ok_ = rc == SQLITE_ROW || rc == SQLITE_DONE;
        return rc == SQLITE_ROW;
    }
    // Runs a statement that gives no rows, then resets it for the next use.
    bool run() {
        step();
        reset();
        return ok_;
    }
    void reset() {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
    }
    bool ok() const noexcept { return ok_; }
    std::int64_t integer(int i) const { return sqlite3_column_int64(stmt_, i); }
    std::string_view text(int i) const {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
        return p ? std::string_view(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, i)))
                 : std::string_view{};
    }
    std::string_view blob(int i) const {
        const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, i));
        return p ? std::string_view(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, i)))
                 : std::string_view{};
    }

  private:
    sqlite3* db_ = nullptr;
    sqlite3_stmt* stmt_ = nullptr;
    bool ok_ = true;
};

// Runs SQL that gives no rows (several statements allowed).
inline Result<void> execute(sqlite3* db, const char* sql) {
    char* message = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &message) != SQLITE_OK) {
        Error e{ErrorCode::io_error, message ? message : "SQLite failed"};
        sqlite3_free(message);
        return e;
    }
    return {};
}

}  // namespace kifu::index::detail
