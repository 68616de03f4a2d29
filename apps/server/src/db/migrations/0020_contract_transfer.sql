-- Reserved for issue 15 (contract transfer); filled by the work that needs it.
SELECT 1;
