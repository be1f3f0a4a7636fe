-- Newsletter sends move onto the durable job queue (decision 1210). A recipient is now marked
-- `sending` just before its call to Brevo: if the process dies during the call, the next run
-- knows the outcome is unknown and asks Brevo whether the e-mail left, instead of sending again.
ALTER TABLE newsletter_recipients DROP CONSTRAINT newsletter_recipients_status_check;
ALTER TABLE newsletter_recipients ADD CONSTRAINT newsletter_recipients_status_check
  CHECK (status IN ('pending', 'claimed', 'sending', 'sent', 'failed'));
