// The components as an application links them: find_package(kifu COMPONENTS image index
// serve). Images join the registry when asked; the index and the service work from the
// installed package alone.
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <kifu/formats/registry.hpp>
#include <kifu/image/formats.hpp>
#include <kifu/index/index.hpp>
#include <kifu/serve/service.hpp>

int main(int, char** argv) {
    using namespace kifu;
    if (formats::find_format("png")) return 1;  // the core's registry holds no image format
    image::add_formats();
    const formats::Format* png = formats::find_format("png");
    const formats::Format* hen = formats::find_format("hen");
    if (!png || !hen) return 2;
    Result<formats::Document> d = hen->read(".9x9_5Gb_3E~1b~2.b", {});
    std::vector<std::string> notes;
    if (!d) return 3;
    Result<std::string> picture = png->write(*d, {}, notes);
    if (!picture || picture->compare(1, 3, "PNG") != 0) return 4;

    const std::string path = std::string(argv[0]) + ".kifu-index";
    std::filesystem::remove(path);
    Result<index::Database> db = index::Database::open(path, true);
    if (!db || !db->stats() || db->stats()->games != 0) return 5;

    serve::Service service;
    const serve::Response health = service.handle({.method = "GET", .target = "/health"});
    std::printf("png of %zu bytes, an empty index, /health %d\n", picture->size(), health.status);
    return health.status == 200 ? 0 : 6;
}
