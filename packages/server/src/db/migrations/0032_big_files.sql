-- Reserved for issue 18's big files, which needed no table in the end: the data folder holds the files and
-- their records (docs/bigfile.md). Kept as a no-op so the journal stays append-only.
SELECT 1;
