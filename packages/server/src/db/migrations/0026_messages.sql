-- Reserved for issue 16: message templates, messages, deliveries (helper M). Replaced by its part before it lands.
SELECT 1;
