/*
** One row more for the field table (model/result_fields.h), as a new
** measured value that the table shows is added: test_new_row builds the
** printers with it (KB_TEST_ROWS names this file) and finds it in all
** five outputs.
*/
#define KB_FIELDS_TEST(F, S, P, A, D, H)                                   \
  F(gauge_w, F64, "gauge_w",                                               \
    ("W", CSV(86), ".6g", EACH, TABLE(11, "gauge", 7, TENTHS),             \
     "a test's reading, in no build but its own"), ALWAYS, -1)
