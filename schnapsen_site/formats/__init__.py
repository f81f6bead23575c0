"""The site's date formats per language (``FORMAT_MODULE_PATH``), so that the pages say a
date as the printouts do (``tournaments.printing.formatting.date_text``)."""
