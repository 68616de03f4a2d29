-- Reserved for issue 15 (agent portfolio); filled by the work that needs it.
SELECT 1;
