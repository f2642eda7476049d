// The library from C++, as an installed CMake package (find_package(rushhour)): solves a
// puzzle given in JSON on stdin with a cancel flag another thread could raise, and prints the
// service's solve document.
//
//   cmake -S . -B build -DCMAKE_PREFIX_PATH=<prefix> && cmake --build build
//   ./build/solve-cpp < jam01.json
#include <atomic>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>

#include <rushhour/json.h>
#include <rushhour/rushhour.h>

int main()
{
    const std::string text{std::istreambuf_iterator<char>(std::cin), {}};
    rh_puzzle p;
    rh_diags d; /* rh_parse_text starts it afresh */
    if (rh_parse_text(&p, &d, text.data(), text.size()) != RH_OK) {
        for (int i = 0; i < d.count; i++)
            std::cerr << d.items[i].field << ": " << d.items[i].message << '\n';
        return 1;
    }
    std::atomic<int> cancel{0};
    rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
    opt.algorithm = RH_ALGO_ASTAR;
    opt.limits.cancel = &cancel;
    rh_result r;
    if (rh_solve(&r, &p, &opt) != RH_OK) return 1;
    std::unique_ptr<cJSON, void (*)(cJSON *)> doc{rh_report_result(&p, &r, false), cJSON_Delete};
    std::unique_ptr<char, void (*)(void *)> out{doc ? cJSON_PrintUnformatted(doc.get()) : nullptr,
                                                cJSON_free};
    const bool solved = r.status == RH_SOLVED;
    rh_result_free(&r);
    if (!out) return 1;
    std::cout << out.get() << '\n';
    return solved ? 0 : 2;
}
