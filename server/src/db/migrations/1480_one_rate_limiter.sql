-- The contact form's per-IP limit now counts in auth_attempts (scope 'contact-ip'), with every
-- other limit: its own table goes. Its rows are only counters of the last hour, nothing to keep.
DROP TABLE contact_attempts;
