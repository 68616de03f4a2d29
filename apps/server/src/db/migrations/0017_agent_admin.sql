-- Reserved for issue 15 (agent admin); filled by the work that needs it.
SELECT 1;
