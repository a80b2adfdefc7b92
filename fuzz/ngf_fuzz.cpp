// The NGF reader (go/server_records.hpp): the property of go_server_record.hpp.

#include "go_server_record.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return fuzz_go_server_record(kifu::go::read_ngf, data, size);
}
