#pragma once
// The files an index is built from: files as given, directories (their files with a
// record extension, recursively, in name order), and tar or zip archives (their entries
// with a record extension, in archive order, named "ARCHIVE:ENTRY"). Each comes as a
// byte source, so an entry of any size streams like a file.

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "kifu/core/byte_source.hpp"
#include "kifu/core/result.hpp"

namespace kifu::index::detail {

// Whether a file name is an archive kifu opens (.tar, .tar.gz, .tgz, .tar.bz2, .tar.xz,
// .tar.zst, .zip).
bool is_archive_name(std::string_view name) noexcept;

// Calls `visit(name, source, size)` for every record file under `paths` (size: its bytes
// when known, else 0). Errors: a path that does not exist or cannot be read, a damaged
// archive (io_error naming it).
Result<void> for_each_input(std::span<const std::string> paths,
                            const std::function<Result<void>(const std::string&, ByteSource&)>& visit);

}  // namespace kifu::index::detail
