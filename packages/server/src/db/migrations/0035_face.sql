-- Reserved for issue 18 face registration; a no-op until its helper fills it.
SELECT 1;
