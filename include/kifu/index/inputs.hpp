#pragma once
// The inputs of a collection, as every reader of many files takes them (kifu index, the
// commands that take INPUT, Python's iter_games): files as given, directories (their files
// with a record extension, recursively, in name order), and tar or zip archives (their
// entries with a record extension, in archive order, named "ARCHIVE:ENTRY"). Each comes as a
// byte source, so an entry of any size streams like a file.

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/core/byte_source.hpp"
#include "kifu/core/result.hpp"

namespace kifu::index {

// Whether a file name is an archive kifu opens (.tar, .tar.gz, .tgz, .tar.bz2, .tar.xz,
// .tar.zst, .zip).
bool is_archive_name(std::string_view name) noexcept;

// The files of a directory that are read as records or archives, recursively, in name
// order. Errors: io_error naming the directory.
Result<std::vector<std::string>> record_files(const std::string& directory);

// Calls `visit(name, source)` for every record file under `paths` ("-": standard input,
// named "<stdin>"). Errors: a path that does not exist or cannot be read, a damaged archive
// (io_error naming it), or what `visit` returns.
Result<void> for_each_input(std::span<const std::string> paths,
                            const std::function<Result<void>(const std::string&, ByteSource&)>& visit);

// The source of one input by the name for_each_input gave it: a file (decompressed as
// open_byte_source does), or an archive's entry "ARCHIVE:ENTRY" (its bytes as the archive
// holds them, read into memory: an entry cannot be reopened by itself). Errors: io_error for
// a name that is neither (standard input cannot be read again), or what reading gives.
Result<std::unique_ptr<ByteSource>> open_input(const std::string& name);

}  // namespace kifu::index
