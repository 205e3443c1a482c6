-- Reserved for issue 18 call-log hourly rollup; a no-op until its helper fills it.
SELECT 1;
