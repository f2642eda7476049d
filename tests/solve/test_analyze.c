/* Whole-space analysis against the reference answers: component sizes, the start's optimal
 * length in both metrics, consistent histograms, and a hardest position whose distance an
 * independent BFS solve confirms. */
#include <criterion/criterion.h>

#include "reference.h"

static void check_set(const char *file, rh_metric metric, uint64_t skip_above)
{
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, file), 0);
    int checked = 0;
    for (int k = 0; k < set.count; k++) {
        const rh_ref *ref = &set.items[k];
        if (ref->reachable > skip_above) continue;
        rh_analysis a;
        cr_assert_eq(rh_analyze(&a, &ref->puzzle, metric, NULL), RH_OK);
        cr_assert_eq(a.status, RH_SOLVED, "%s: %s", ref->name, rh_status_name(a.status));
        cr_expect_eq(a.states, ref->reachable, "%s: %llu states, expected %llu", ref->name,
                     (unsigned long long)a.states, (unsigned long long)ref->reachable);
        const int want = !ref->solvable              ? -1
                         : metric == RH_METRIC_MOVES ? ref->min_moves
                                                     : ref->min_slides;
        cr_expect_eq(a.start_distance, want, "%s: start distance %d, expected %d", ref->name,
                     a.start_distance, want);
        uint64_t total = a.dead_states;
        for (int d = 0; d <= a.max_distance; d++) total += a.histogram[d];
        cr_expect_eq(total, a.states, "%s: the histogram and the dead states miss states",
                     ref->name);
        if (a.max_distance >= 0) {
            cr_expect_eq(a.histogram[0], a.goal_states, "%s", ref->name);
            cr_expect_gt(a.histogram[a.max_distance], 0, "%s", ref->name);
            cr_expect_geq(a.max_distance, a.start_distance, "%s", ref->name);
            /* The hardest position, solved on its own, is exactly that far from a goal. */
            rh_result r;
            rh_search_options solve = RH_SEARCH_OPTIONS_INIT;
            solve.metric = metric;
            cr_assert_eq(rh_solve(&r, &a.hardest, &solve), RH_OK);
            cr_expect_eq(r.status, RH_SOLVED, "%s: the hardest position is not solvable",
                         ref->name);
            const int len = metric == RH_METRIC_MOVES ? r.move_count : r.slide_count;
            cr_expect_eq(len, a.max_distance, "%s: hardest position solved in %d, reported %d",
                         ref->name, len, a.max_distance);
            rh_result_free(&r);
        } else {
            cr_expect_eq(a.dead_states, a.states, "%s: no goal, yet live states", ref->name);
            cr_expect_null(a.histogram);
        }
        cr_expect_geq(a.start_moves, 0);
        rh_analysis_free(&a);
        checked++;
    }
    cr_assert_gt(checked, 0);
    rh_ref_free(&set);
}

Test(analyze, jam40_moves)
{
    check_set("jam40.tsv", RH_METRIC_MOVES, UINT64_MAX);
}

Test(analyze, jam40_slides)
{
    check_set("jam40.tsv", RH_METRIC_SLIDES, UINT64_MAX);
}

Test(analyze, classic_moves)
{
    check_set("classic.jsonl", RH_METRIC_MOVES, UINT64_MAX);
}

Test(analyze, classic_slides)
{
    check_set("classic.jsonl", RH_METRIC_SLIDES, 100000);
}

Test(analyze, random_both_metrics)
{
    check_set("random.jsonl", RH_METRIC_MOVES, UINT64_MAX);
    check_set("random.jsonl", RH_METRIC_SLIDES, UINT64_MAX);
}

Test(analyze, hardest_51_component_is_4780_states)
{
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, "jam40.tsv"), 0);
    const rh_ref *jam40 = rh_ref_find(&set, "jam40");
    cr_assert_not_null(jam40);
    rh_analysis a;
    cr_assert_eq(rh_analyze(&a, &jam40->puzzle, RH_METRIC_MOVES, NULL), RH_OK);
    cr_assert_eq(a.states, 4780); /* the seeds' figure */
    cr_assert_eq(a.start_distance, 51);
    cr_assert_eq(a.dead_states, 0);
    rh_analysis_free(&a);
    rh_ref_free(&set);
}

Test(analyze, budgets_stop_it_cleanly)
{
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, "classic.jsonl"), 0);
    const rh_ref *big = rh_ref_find(&set, "big-cluster-541934");
    cr_assert_not_null(big);
    rh_limits limits = RH_LIMITS_INIT;
    limits.max_nodes = 1000;
    rh_analysis a;
    cr_assert_eq(rh_analyze(&a, &big->puzzle, RH_METRIC_MOVES, &limits), RH_OK);
    cr_assert_eq(a.status, RH_LIMIT_REACHED);
    cr_assert_eq(a.limit, RH_LIMIT_NODES);
    cr_assert_null(a.histogram);
    rh_analysis_free(&a);
    limits = (rh_limits)RH_LIMITS_INIT;
    limits.max_memory = 1 << 20;
    cr_assert_eq(rh_analyze(&a, &big->puzzle, RH_METRIC_MOVES, &limits), RH_OK);
    cr_assert_eq(a.limit, RH_LIMIT_MEMORY);
    cr_assert_leq(a.stats.peak_memory, limits.max_memory);
    rh_analysis_free(&a);
    rh_ref_free(&set);
}

Test(analyze, report_document)
{
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, "jam40.tsv"), 0);
    rh_analysis a;
    cr_assert_eq(rh_analyze(&a, &set.items[0].puzzle, RH_METRIC_MOVES, NULL), RH_OK);
    /* Counters are raw numbers in the built object: read the document as a client would. */
    cJSON *built = rh_report_analysis(&a);
    cr_assert_not_null(built);
    char *text = cJSON_PrintUnformatted(built);
    cJSON_Delete(built);
    cJSON *doc = cJSON_Parse(text);
    cJSON_free(text);
    cr_assert_not_null(doc);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "status")),
                     "complete");
    cr_assert_eq(cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(doc, "states")), 1247);
    cr_assert_eq(cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(doc, "start_distance")), 8);
    const cJSON *h = cJSON_GetObjectItemCaseSensitive(doc, "histogram");
    cr_assert_eq(cJSON_GetArraySize(h), a.max_distance + 1);
    const cJSON *hardest = cJSON_GetObjectItemCaseSensitive(doc, "hardest");
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(hardest, "board")), 6);
    cJSON_Delete(doc);
    rh_analysis_free(&a);
    rh_ref_free(&set);
}

Test(analyze, bad_arguments)
{
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, "jam40.tsv"), 0);
    rh_analysis a;
    cr_expect_eq(rh_analyze(&a, &set.items[0].puzzle, (rh_metric)2, NULL), RH_EARG);
    cr_expect_eq(rh_analyze(NULL, &set.items[0].puzzle, RH_METRIC_MOVES, NULL), RH_EARG);
    cr_expect_eq(rh_analyze(&a, NULL, RH_METRIC_MOVES, NULL), RH_EARG);
    rh_ref_free(&set);
}
