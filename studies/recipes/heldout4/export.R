# Export the six round-4 data sets from Debian's R data packages to <out>/<name>.csv.
#
#   Rscript studies/recipes/heldout4/export.R /tmp/heldout4-raw
#
# Documentation of provenance (studies/data/heldout4/README.md), not run by CI. Deterministic: no
# random numbers are drawn here (the subsample is drawn in build.py). Made with Debian
# bookworm's r-base-core 4.2.2.20221110-2, r-cran-kernlab 0.9-32-1, r-cran-mlbench 2.1-3-1,
# r-cran-mclust 6.0.0-1 and r-cran-palmerpenguins 0.1.1-1.
# The data frames are written as R holds them: factors as their labels, NA as an empty field.
args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 1) stop("usage: Rscript export.R <folder for the CSV files>")
out_dir <- args[1]
dir.create(out_dir, showWarnings = FALSE, recursive = TRUE)

get_data <- function(name, pkg) {
  e <- new.env(); data(list = name, package = pkg, envir = e); get(name, envir = e)
}
# file name in the course <- c(data set name, R package)
sets <- list(promoters = c("promotergene", "kernlab"), spam = c("spam", "kernlab"),
             vowel = c("Vowel", "mlbench"), shuttle = c("Shuttle", "mlbench"),
             thyroid = c("thyroid", "mclust"), penguins = c("penguins", "palmerpenguins"))
for (name in names(sets)) {
  d <- as.data.frame(get_data(sets[[name]][1], sets[[name]][2]))  # penguins is a tibble
  write.csv(d, file.path(out_dir, paste0(name, ".csv")), row.names = FALSE, na = "")
}
