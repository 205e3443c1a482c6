-- Reserved for issue 18 big files on several instances (shared tus locker); a no-op until its helper fills it.
SELECT 1;
