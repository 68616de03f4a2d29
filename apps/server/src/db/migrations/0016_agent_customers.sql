-- Reserved for issue 15 (agent customers); filled by the work that needs it.
SELECT 1;
