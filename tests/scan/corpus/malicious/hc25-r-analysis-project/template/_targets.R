library(targets)
library(tarchetypes)
tar_source("R")
tar_option_set(packages = c("dplyr", "readr", "ggplot2"))

list(
  tar_target(raw_file, "data-raw/input.csv", format = "file"),
  tar_target(raw, readr::read_csv(raw_file)),
  tar_target(clean, clean_data(raw)),
  tar_target(summary_tbl, summarise_data(clean)),
  tar_quarto(report, "report.qmd")
)
