# Export the eight round-3 data sets from Debian's R package mlbench to <out>/<name>.csv.
#
#   Rscript studies/recipes/heldout3/export.R /tmp/heldout3-raw
#
# Documentation of provenance (studies/data/heldout3/README.md), not run by CI. Deterministic: no
# random numbers are drawn here (the subsamples are drawn in build.py). Made with Debian
# bookworm's r-base-core 4.2.2.20221110-2 and r-cran-mlbench 2.1-3-1.
# The data frames are written as R holds them: factors as their labels, NA as an empty field.
suppressPackageStartupMessages(library(mlbench))
args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 1) stop("usage: Rscript export.R <folder for the CSV files>")
out_dir <- args[1]
dir.create(out_dir, showWarnings = FALSE, recursive = TRUE)

get_data <- function(name) {
  e <- new.env(); data(list = name, package = "mlbench", envir = e); get(name, envir = e)
}
# file name in the course <- data set name in mlbench
sets <- c(dna = "DNA", breastcancer = "BreastCancer", glass = "Glass", vehicle = "Vehicle",
          satellite = "Satellite", ionosphere = "Ionosphere", sonar = "Sonar",
          letter = "LetterRecognition")
for (name in names(sets)) {
  write.csv(get_data(sets[[name]]), file.path(out_dir, paste0(name, ".csv")),
            row.names = FALSE, na = "")
}
