-- Reserved for issue 15 (advice); filled by the work that needs it.
SELECT 1;
