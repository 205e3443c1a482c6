-- Reserved for issue 17: service accounts (helper S). Replaced by its part before it lands.
SELECT 1;
