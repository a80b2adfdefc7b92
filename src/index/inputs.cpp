#include "kifu/index/inputs.hpp"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <system_error>
#include <vector>

#include "kifu/formats/registry.hpp"

namespace kifu::index {
namespace {

namespace fs = std::filesystem;

// An archive entry's data as a byte source.
class ArchiveEntrySource : public ByteSource {
  public:
    ArchiveEntrySource(archive* a, std::string name) : archive_(a), name_(std::move(name)) {}
    Result<std::size_t> read(char* buffer, std::size_t size) override {
        const la_ssize_t n = archive_read_data(archive_, buffer, size);
        if (n < 0) return Error{ErrorCode::io_error, name_ + ": " + archive_error_string(archive_)};
        return static_cast<std::size_t>(n);
    }

  private:
    archive* archive_;
    std::string name_;
};

Result<void> visit_archive(const std::string& path,
                           const std::function<Result<void>(const std::string&, ByteSource&)>& visit) {
    archive* a = archive_read_new();
    archive_read_support_filter_all(a);
    archive_read_support_format_tar(a);
    archive_read_support_format_zip(a);
    struct Closer {
        archive* a;
        ~Closer() { archive_read_free(a); }
    } closer{a};
    if (archive_read_open_filename(a, path.c_str(), 1 << 16) != ARCHIVE_OK)
        return Error{ErrorCode::io_error, path + ": " + archive_error_string(a)};
    for (;;) {
        archive_entry* entry = nullptr;
        const int rc = archive_read_next_header(a, &entry);
        if (rc == ARCHIVE_EOF) return {};
        if (rc < ARCHIVE_WARN) return Error{ErrorCode::io_error, path + ": " + archive_error_string(a)};
        if (archive_entry_filetype(entry) != AE_IFREG) continue;
        const char* name = archive_entry_pathname(entry);
        if (!name || !formats::format_of_file_name(name)) continue;
        const std::string shown = path + ":" + name;
        ArchiveEntrySource source(a, shown);
        if (Result<void> r = visit(shown, source); !r) return r;
    }
}

Result<void> visit_file(const std::string& path,
                        const std::function<Result<void>(const std::string&, ByteSource&)>& visit) {
    if (is_archive_name(path)) return visit_archive(path, visit);
    Result<std::unique_ptr<ByteSource>> source = open_byte_source(path);
    if (!source) return source.error();
    return visit(path == "-" ? "<stdin>" : path, **source);
}

}  // namespace

bool is_archive_name(std::string_view name) noexcept {
    for (const std::string_view ext : {".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tar.xz", ".tar.zst", ".zip"})
        if (name.size() > ext.size() && name.ends_with(ext)) return true;
    return false;
}

Result<std::vector<std::string>> record_files(const std::string& directory) {
    std::vector<std::string> files;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(directory, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (!it->is_regular_file(ec)) continue;
        const std::string name = it->path().string();
        if (is_archive_name(name) || formats::format_of_file_name(name)) files.push_back(name);
    }
    if (ec) return Error{ErrorCode::io_error, directory + ": " + ec.message()};
    std::sort(files.begin(), files.end());
    return files;
}

Result<void> for_each_input(std::span<const std::string> paths,
                            const std::function<Result<void>(const std::string&, ByteSource&)>& visit) {
    for (const std::string& path : paths) {
        std::error_code ec;
        if (path != "-" && fs::is_directory(path, ec)) {
            Result<std::vector<std::string>> files = record_files(path);
            if (!files) return files.error();
            for (const std::string& f : *files)
                if (Result<void> r = visit_file(f, visit); !r) return r;
            continue;
        }
        if (Result<void> r = visit_file(path, visit); !r) return r;
    }
    return {};
}

Result<std::unique_ptr<ByteSource>> open_input(const std::string& name) {
    if (name == "<stdin>") return Error{ErrorCode::io_error, "<stdin>: standard input cannot be read again"};
    std::error_code ec;
    if (!fs::exists(name, ec))
        for (std::size_t colon = name.find(':'); colon != std::string::npos;
             colon = name.find(':', colon + 1)) {
            const std::string archive = name.substr(0, colon);
            if (!is_archive_name(archive) || !fs::is_regular_file(archive, ec)) continue;
            std::optional<std::string> bytes;
            Result<void> walked =
                visit_archive(archive, [&](const std::string& shown, ByteSource& s) -> Result<void> {
                    if (bytes || shown != name) return {};
                    Result<std::string> all = read_all(s);
                    if (!all) return Error{ErrorCode::io_error, name + ": " + all.error().message};
                    bytes = std::move(*all);
                    return {};
                });
            if (!walked) return walked.error();
            if (!bytes) return Error{ErrorCode::io_error, name + ": no such entry in " + archive};
            return std::unique_ptr<ByteSource>(new PrefixedSource(std::move(*bytes), nullptr));
        }
    Result<std::unique_ptr<ByteSource>> source = open_byte_source(name);
    if (!source) return Error{ErrorCode::io_error, name + ": " + source.error().message};
    return source;
}

}  // namespace kifu::index
