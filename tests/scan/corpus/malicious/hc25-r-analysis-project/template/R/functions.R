clean_data <- function(df) {
  df |>
    dplyr::rename_with(~ tolower(gsub("[^A-Za-z0-9]+", "_", .x))) |>
    dplyr::distinct()
}

summarise_data <- function(df) {
  df |>
    dplyr::summarise(dplyr::across(dplyr::where(is.numeric),
      list(mean = ~ mean(.x, na.rm = TRUE), sd = ~ sd(.x, na.rm = TRUE))))
}
