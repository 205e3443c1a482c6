-- Reserved for issue 18 WeChat QR sign-in; a no-op until its helper fills it.
SELECT 1;
