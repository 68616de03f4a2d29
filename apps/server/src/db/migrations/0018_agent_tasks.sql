-- Reserved for issue 15 (agent tasks); filled by the work that needs it.
SELECT 1;
