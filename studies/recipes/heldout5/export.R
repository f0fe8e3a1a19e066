# Export the round-5 data sets from Debian's R data packages to <out>/<name>.csv.
#
#   Rscript studies/recipes/heldout5/export.R /tmp/heldout5-raw
#
# Documentation of provenance (studies/data/heldout5/README.md), not run by CI. Deterministic: no
# random numbers are drawn here (nor in build.py: no set of this round is subsampled). Made
# with Debian bookworm's r-base-core 4.2.2.20221110-2, r-cran-caret 6.0-93+dfsg-1,
# r-cran-ggplot2 3.4.1+dfsg-1, r-cran-adegenet 2.1.10-1, r-cran-dslabs 0.7.4-1 and
# r-cran-rrcov 1.7-2-1. The image segments (segment) come from Python's river instead
# (export_river.py). Data frames are written as R holds them: factors as their labels, NA as
# an empty field.
args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 1) stop("usage: Rscript export.R <folder for the CSV files>")
out_dir <- args[1]
dir.create(out_dir, showWarnings = FALSE, recursive = TRUE)

get_data <- function(name, pkg) {
  e <- new.env(); data(list = name, package = pkg, envir = e); get(name, envir = e)
}
out <- function(d, name) {
  write.csv(d, file.path(out_dir, paste0(name, ".csv")), row.names = FALSE, na = "")
}
# A genind object (adegenet) as one row per individual: its population (or, for H3N2, its
# epidemic season), then its allele counts (0, 1, 2; NA where the locus was not typed),
# columns named <locus>.<allele>.
genotypes <- function(name) {
  suppressPackageStartupMessages(library(adegenet))
  g <- get_data(name, "adegenet")
  pop <- if (name == "H3N2") g@other$epid else adegenet::pop(g)
  data.frame(pop = as.character(pop), adegenet::tab(g), check.names = FALSE)
}

out(get_data("GermanCredit", "caret"), "germancredit")        # 0/1 dummies, 7 numeric, Class
out(as.data.frame(get_data("mpg", "ggplot2")), "mpg")         # a tibble
out(genotypes("microbov"), "microbov")                        # 704 cattle, 30 loci, 15 breeds
out(genotypes("nancycats"), "nancycats")                      # 237 cats, 9 loci, 17 colonies
out(genotypes("H3N2"), "h3n2")                                # 1903 flu viruses, 125 SNPs
out(get_data("olive", "dslabs"), "olive")                     # region, area, 8 fatty acids
out(get_data("fish", "rrcov"), "fish")                        # 6 measurements, Species 1..7
