// Generated from libs/contracts/openapi.yaml by scripts/generate-contract-types.mjs (npm run generate). Do not edit.
export interface paths {
  '/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the tenant's active API keys
     * @description Revoked keys are not listed. The secret part of a key is never shown again after creation.
     */
    get: operations['listApiKeys'];
    put?: never;
    /**
     * Create an API key
     * @description Issues a key `mp_<id suffix>_<secret>`: the prefix `mp_`, the 26-character random part of the key id
     *     (`key_<suffix>`), `_`, then 32 random bytes in base64url (43 characters). Only a SHA-256 hash of the
     *     secret is stored; a request is authenticated by looking the key up by id and comparing hashes in
     *     constant time. The full key is returned in this response only.
     *
     *     A key is never broader than whoever makes it: a member makes only keys that may do no more than their role
     *     (an owner a `full` key; an admin or a developer a `sending` key; otherwise 403 `forbidden`), a key only keys
     *     no broader than itself, and a key restricted to a domain only keys restricted to that domain (another domain,
     *     or none, is a 403 `key_domain_mismatch`). The new key belongs to the creating member, or to the creating key's
     *     member (`memberId`).
     */
    post: operations['createApiKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api-keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an API key
     * @description The key stops authenticating at once. An unknown key, another tenant's key or an already revoked
     *     key is a 404 `not_found`. A key may revoke itself.
     */
    delete: operations['revokeApiKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who is calling
     * @description The tenant and the credential of this request: for an API key, its id, name and permission; for a member
     *     signed in, their id, name, email address and role.
     */
    get: operations['getMe'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/me/totp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start enrolling a second factor (TOTP)
     * @description For the member signed in: a new RFC 6238 secret (base32, SHA-1, 6 digits, 30 s) and its `otpauth://` address
     *     for an authenticator app, shown this once; it takes effect only once POST /me/totp/confirm is given a code of
     *     it, and a later start replaces an unconfirmed one. The secret is kept sealed (AES-256-GCM under
     *     `TOTP_SECRET_KEY`); without that key the platform offers no second factor (503 `totp_not_configured`). A
     *     member with a second factor already is a 409 `already_exists` (remove it first); an API key, which has no
     *     second factor, a 404 `not_found`. Only a session signed in within the last 10 minutes may start (otherwise a
     *     403 `reauthentication_required`: sign in again), so a session left open cannot bind another's authenticator.
     */
    post: operations['startTotpEnrollment'];
    /**
     * Remove the second factor
     * @description Needs a current code of the authenticator or an unused recovery code (a wrong or missing one is a 400
     *     `totp_invalid`); signing in asks for a password only from then on. A member without a second factor, or an API
     *     key, is a 404 `not_found`. Five wrong codes within 15 minutes, here and at POST /me/totp/confirm together,
     *     refuse every code of the member, the right one included, with a 429 `rate_limited` until the window ends.
     *     Audited.
     */
    delete: operations['disableTotp'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/me/totp/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Turn the second factor on
     * @description A code of the secret POST /me/totp gave turns the second factor on and answers 10 recovery codes (80 random
     *     bits each, `xxxxx-xxxxx-xxxxx-xxxxx`), shown this once and kept only as digests keyed per member; each signs in
     *     once in place of a code. A wrong code is a 400 `totp_invalid`, counted with DELETE /me/totp's (5 within 15
     *     minutes: 429 `rate_limited`); no enrollment started, a 404 `not_found`. From then on POST /sessions and POST /sign-in-links/confirm need
     *     `totpCode` or `recoveryCode` (without: 401 `totp_required`). Audited (never the secret nor the codes).
     */
    post: operations['confirmTotpEnrollment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in as a member
     * @description A member's email address and password give a session token `mps_<id suffix>_<secret>` (shown once), which
     *     authenticates every bearer route as `Authorization: Bearer mps_…` with the member's role until `expiresAt`,
     *     until DELETE /sessions/current, or until the member is removed. Only a scrypt hash of the password and a
     *     SHA-256 hash of the token's secret are stored. A wrong address or a wrong password is the same 401
     *     `unauthorized`, in about the same time. Failures are counted per client address (an IPv6 one by its /64)
     *     and per email address: 10 within 15 minutes refuse that address or that account with a 429 `rate_limited`
     *     (with `Retry-After`) until the window closes, the right password included.
     *
     *     A member with a second factor (POST /me/totp/confirm) also sends `totpCode` (the authenticator's code, each
     *     good once) or `recoveryCode` (each good once): without either, a 401 `totp_required` once the password is
     *     right; a wrong one is the same 401 `unauthorized` as a wrong password, and counts as a failure.
     *
     *     Audited: a sign-in is a record of the member (`changes`: `method` `password`, `secondFactor` whether one was
     *     asked), with the client's address and user agent; never the password nor the codes. Failed sign-ins are not
     *     recorded (they are counted and logged).
     */
    post: operations['createSession'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sessions/current': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Sign out
     * @description Ends the session whose token authenticates this request: the next request with it is a 401. Called with an
     *     API key, which has no session, it is a 404 `not_found`.
     */
    delete: operations['deleteCurrentSession'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the tenant's members
     * @description Every member of the tenant, oldest first. Passwords and their hashes are never shown.
     */
    get: operations['listMembers'];
    put?: never;
    /**
     * Add a member
     * @description An owner or an admin adds a member with an email address, a name, a role and an initial password (without
     *     one, the member cannot sign in yet). Nobody adds a role that may do what their own may not: an admin adds no
     *     owner and no billing member (403 `forbidden`). An address already a live member of this tenant is a 409
     *     `already_exists`; another tenant's members are never told apart from a fresh address. The address is not
     *     proven: it holds nothing outside this tenant, and it signs in only while no member has proven it (by
     *     accepting an invitation); invite a person whose address should count everywhere. Audited.
     */
    post: operations['createMember'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/members/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a member
     * @description Every session of the member ends at once: the next request with one of their tokens is a 401. An admin cannot
     *     remove an owner (403 `forbidden`); the last owner cannot be removed (409 `last_owner`). An unknown or removed
     *     member, or another tenant's, is a 404 `not_found`. Audited.
     */
    delete: operations['removeMember'];
    options?: never;
    head?: never;
    /**
     * Change a member's role or name
     * @description An admin cannot change an owner nor make anyone an owner, and nobody changes their own role (403
     *     `forbidden`). Demoting the last owner is a 409 `last_owner`. An unknown or removed member, or another
     *     tenant's, is a 404 `not_found`. Audited.
     */
    patch: operations['updateMember'];
    trace?: never;
  };
  '/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the tenant's pending invitations
     * @description Invitations not yet accepted, revoked or expired, oldest first. The invitation's link is never shown here: it
     *     exists only in the mail sent to the invited address (or in the one answer that made it, when the platform
     *     sends no mail of its own).
     */
    get: operations['listInvitations'];
    put?: never;
    /**
     * Invite someone to join the tenant
     * @description An owner or an admin invites an email address with a role; an admin cannot invite an owner (403 `forbidden`).
     *     The platform mails the address a link to the dashboard's `/accept-invitation?token=…` page, through its own
     *     accept path as the operator's system sender (`SYSTEM_MAIL_TENANT_ID`, `SYSTEM_MAIL_FROM`); the link works
     *     once, for 72 hours, and only a SHA-256 hash of its token is stored. Where the operator configured no system
     *     sender, nothing is mailed and the answer carries the link (`acceptUrl`) this once, for the inviter to pass on.
     *     An address that is already a live member of this tenant is a 409 `already_exists` (another tenant's members are
     *     never told apart). Nobody invites a role that may do what their own may not (an admin no billing member: 403). A
     *     mail the platform could not accept is a 503 `system_mail_failed` and no invitation is made. A tenant makes at
     *     most `INVITATIONS_PER_TENANT_PER_DAY` invitations (50) in 24 hours, and one address is invited at most
     *     `SYSTEM_MAIL_PER_ADDRESS_PER_HOUR` times (5) an hour, by every tenant together; past either, 429 `rate_limited`
     *     and nothing is made or mailed. The mail names the tenant by its id and no one by a name a tenant or a member
     *     chose. Audited (the address and role, never the token).
     */
    post: operations['createInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invitations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an invitation
     * @description Its link stops working at once (410 `link_invalid`, as a used or expired one). An admin cannot revoke an
     *     owner's invitation (403 `forbidden`). An unknown, accepted, revoked or expired invitation, or another
     *     tenant's, is a 404 `not_found`. Audited.
     */
    delete: operations['revokeInvitation'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invitations/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept an invitation and sign in
     * @description The token of the mailed link, with the new member's name and password, makes the member (with the invited
     *     address and role) and signs them in, as POST /sessions does. An unknown, used, revoked or expired token is
     *     one answer, a 410 `link_invalid`, which tells nothing of which. An address that became a member's meanwhile
     *     is a 409 `already_exists`. Audited, the new member as the actor.
     */
    post: operations['acceptInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/password-resets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask for a password reset link
     * @description Always a 202, whether or not the address is a member's: a member's address is mailed a link to the
     *     dashboard's `/reset-password?token=…` page, valid once for one hour (only a hash of its token is stored).
     *     Every request counts: 5 to one email address, or 30 from one client address (an IPv6 one by its /64), within
     *     15 minutes, then a 429 `rate_limited`. Where the operator configured no system sender, a 503
     *     `system_mail_not_configured` for every address alike.
     */
    post: operations['requestPasswordReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/password-resets/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set a new password with a reset link
     * @description The reset link's token and the new password: the password is replaced and every session of the member ends
     *     (sign in again, with the second factor if enrolled). An unknown, used or expired token is a 410
     *     `link_invalid`. Audited, the member as the actor (never the password).
     */
    post: operations['confirmPasswordReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sign-in-links': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask for a one-time sign-in link
     * @description Always a 202, whether or not the address is a member's: a member's address is mailed a link to the
     *     dashboard's `/sign-in/link?token=…` page, valid once for 15 minutes (only a hash of its token is stored).
     *     Counted and refused (429) as POST /password-resets is; a 503 `system_mail_not_configured` without a system
     *     sender.
     */
    post: operations['requestSignInLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sign-in-links/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with a one-time link
     * @description The link's token gives a session, as POST /sessions does, with `totpCode` or `recoveryCode` for a member
     *     with a second factor (without: 401 `totp_required`, and the link is not spent; wrong: 401 `unauthorized`).
     *     An unknown, used or expired token is a 410 `link_invalid`. Audited as POST /sessions is (`method` `link`),
     *     never the token.
     */
    post: operations['confirmSignInLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/audit-log': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read the tenant's audit log
     * @description Who changed what, newest first: one record per change made through the API (so far: API keys created and
     *     revoked, the first key of a tenant the operator creates, webhook endpoints created, changed, deleted and
     *     their secret rotated), written atomically with the change itself. A record names its actor (the API key or
     *     member, by id and by name at that moment), the operation and its target, when and from where (the client
     *     address the gateway saw and its `User-Agent`), and a summary of what changed in which secrets never appear (a
     *     webhook URL by its origin only). Records are kept 13 months (the operator may change it). The log is
     *     append-only: no operation changes or deletes a record.
     *
     *     Paging is by cursor, not offset, because the log keeps growing: pass the previous page's `nextCursor` as
     *     `cursor`, with the same filters, until it is null. A cursor that was not issued by this operation is a 400
     *     `validation_failed` at `/query/cursor`.
     */
    get: operations['listAuditLog'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/audit-log/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export the tenant's audit log as JSON lines
     * @description The records `GET /audit-log` shows for the same filters, newest first, one `AuditRecord` JSON object per line
     *     (`application/x-ndjson`), at most 5,000 per answer. When more follow, `Link` names the next part
     *     (`rel="next"`, the same filters and a `cursor`); the last part has no `Link`.
     */
    get: operations['exportAuditLog'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/emails': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List messages
     * @description Messages of the tenant matching every given filter, newest first (by `createdAt`, then id).
     */
    get: operations['listEmails'];
    put?: never;
    /**
     * Send an email
     * @description Accepts one message for one recipient, DKIM-signs it with the sending identity's key, writes it to the
     *     outbox and answers 202; a worker relays it to the MTA afterwards. Follow it with GET /emails/{id}
     *     or the `email.*` webhook events.
     *
     *     - **Identity**: `identityId` when given (its domain must equal the From domain, else 400
     *       `from_domain_mismatch`); otherwise the tenant's identity whose domain equals the From domain. No
     *       verified identity is a 400 `identity_unverified`. An API key restricted to a domain (`domain` of the
     *       key) sends only from that domain: another From domain or identity is a 403 `key_domain_mismatch`.
     *     - **Recipients**: `to`, `cc` and `bcc` each take one address or a list; 50 in all. One MIME message is
     *       rendered and signed for all of them and relayed in one SMTP transaction per attempt; each recipient's
     *       outcome is kept (`recipients` in GET /emails/{id}), and a retry addresses only the recipients still
     *       pending. The message is `sent` once no recipient is pending and at least one was accepted, `deferred`
     *       while one is pending, `failed` when none was accepted. A multi-recipient message carries no one-click
     *       List-Unsubscribe header (the link names one recipient).
     *     - **Suppression**: a recipient on the tenant's suppression list is never mailed (`suppressed` in
     *       `recipients`); the others are. When every recipient is suppressed, the message is accepted with status
     *       `suppressed` and never relayed.
     *     - **Quota**: each recipient that will be mailed counts as one email against the plan's monthly quota
     *       (calendar month, UTC); a message to suppressed recipients only counts one. When the quota cannot take
     *       them all: 422 `quota_exceeded` with a `QuotaProblem` body, and nothing is sent.
     *     - **Rate limit**: per tenant; 429 `rate_limited` with `RateLimit-Policy`, `RateLimit` and
     *       `Retry-After` (delay-seconds). Default policy `"send";q=100;w=1` (100 emails per second; each email of a batch counts).
     *     - **Reputation**: while the tenant's sending is `paused` (GET /reputation), a 403 `sending_paused` naming
     *       the rate that paused it, and nothing is stored; what was accepted before is held, not sent, until a resume.
     *     - **Idempotency-Key** (optional, per tenant, kept 24 h): a retry with the same key and the same body
     *       (SHA-256 of the canonical JSON) gets the original 202 response again with `Idempotent-Replayed: true`
     *       and sends nothing. The same key with a different body is a 422 `idempotency_key_reused`; a retry
     *       while the first request is still being processed is a 429 `idempotency_key_in_flight` with
     *       `Retry-After: 1`. Only 202 outcomes are remembered: after an error the key is free again.
     *     - **Size**: request bodies up to 15 MiB; attachments up to 10 MiB in total after base64 decoding
     *       (400 `validation_failed` beyond that).
     *     - **Scheduling**: with `scheduledAt` the message is stored now (status `scheduled`, event
     *       `email.scheduled`) and goes through the outbox at that time, within a second; reschedule it with
     *       PATCH /emails/{id} or cancel it with POST /emails/{id}/cancel until then. It counts against the quota of
     *       the month it is accepted in; a cancel gives that back. A recipient already suppressed makes it
     *       `suppressed` at once, as for any send.
     */
    post: operations['sendEmail'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/emails/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send up to 100 emails in one request
     * @description Accepts up to 100 emails, each a `SendEmailRequest` (several recipients and `scheduledAt` included), in one
     *     request and one round of writes, and answers one result per email, in order: its `SendResult`, or
     *     `{ "error": Problem }` for an email refused on its own (an unverified identity, a From domain that does not
     *     match, more than 50 recipients, a bad `scheduledAt`…); the others are accepted regardless.
     *
     *     - **Whole-batch refusals**, before anything is stored: a body that breaks the schema (400, the error's
     *       path names the item, `/body/3/to`), the quota (422 `quota_exceeded` when the accepted emails' recipients
     *       do not all fit: none is sent), the rate limit (429 `rate_limited`: each email counts, so the batch needs
     *       as many sends left in the window as it holds emails).
     *     - **Idempotency-Key** covers the batch as a whole, with the rules of POST /emails: a retry with the same
     *       key and body replays the original 202 (`Idempotent-Replayed: true`) and sends nothing.
     *     - **Size**: at most 100 emails and a 15 MiB body in all.
     */
    post: operations['sendEmailBatch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/emails/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test email
     * @description Sends a server-built email (fixed text saying it is a test) through the full DKIM-sign,
     *     outbox and MTA pipeline, tagged `kind=test`. The identity is `identityId` or, when omitted, the tenant's
     *     oldest verified identity; the From address is `test@<identity domain>`. No verified identity is a 400
     *     `identity_unverified`.
     *
     *     - **Monthly quota and send rate limit**: bypassed; a test email never takes or needs a place of the
     *       send rate limit of POST /emails, and real sends never take one of the test emails' limits.
     *     - **Limits of its own**: at most `TEST_EMAIL_RATE_LIMIT` (10) test emails per tenant in each
     *       `TEST_EMAIL_RATE_WINDOW_SECONDS` (60 s) window, reported by the `"test"` policy's `RateLimit-Policy`
     *       and `RateLimit` headers; and at most `TEST_EMAIL_DAILY_LIMIT` (50) per UTC day. Beyond either, 400
     *       `test_email_limit_reached` (the spec lists no 429 here) with `Retry-After` (the window's end, or the
     *       next UTC day). A refused test email does not count against the daily cap.
     */
    post: operations['sendTestEmail'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/emails/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get one message with its delivery attempts */
    get: operations['getEmail'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Reschedule a scheduled message
     * @description Moves a message that is still `scheduled` to another time (same rules as `scheduledAt` on send: in the
     *     future, at most 30 days from now) and announces `email.scheduled` again. A message no longer scheduled
     *     (released to the outbox, sent, canceled…) is a 409 `not_scheduled`: the time it had has passed or it was
     *     never scheduled, and nothing was changed.
     */
    patch: operations['updateEmail'];
    trace?: never;
  };
  '/emails/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a scheduled or held message
     * @description Cancels a message that is still `scheduled`, or one held on the queue (`queued` or `deferred`) while the
     *     tenant's sending is paused (GET /reputation): it becomes `canceled` (final; never relayed), `email.canceled`
     *     is announced and its recipients not yet mailed are given back to the month's quota. Any other message is a
     *     409 `not_scheduled` and is left as it is; a cancel racing the release at the scheduled time, or a worker's
     *     claim, has one winner.
     *     Canceling a canceled message again answers it unchanged (200).
     */
    post: operations['cancelEmail'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Daily sending statistics
     * @description What happened to the tenant's mail on each UTC day, oldest first, ending today; every day of the range is
     *     present, with zeros where nothing happened. Counts are of events on that day, not of messages created on
     *     it: a message accepted on Monday and deferred until Tuesday counts as `accepted` on Monday and `sent` on
     *     Tuesday. Kept 400 days. Counts are written within a fraction of a second after the change they count, so a
     *     crash in between can lose the counts of that moment (never add one); the messages themselves stay exact.
     */
    get: operations['getEmailStats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/reputation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Sending reputation and status
     * @description The tenant's bounce and complaint rates over the last `windowDays` UTC days (REPUTATION_WINDOW_DAYS, 7 by
     *     default; since the last resume, when that is later), overall and per identity, and the sending status they
     *     decided. Counted per recipient as outcomes arrive: `attempted` each recipient an SMTP attempt ended for (sent or
     *     refused; not deferrals, not suppressed recipients), `bounced` each hard bounce (a 5xx at RCPT or after DATA that
     *     says the address does not exist, or a delivery report 5.x.x; not a policy or spam refusal), `complained` each
     *     feedback-loop report. `bounceRate` is bounced / attempted, `complaintRate` complained / sent.
     *
     *     - `healthy`: sending as usual. `under_review`: a review threshold is reached; sending goes on (event
     *       `sending.review`); the status returns to `healthy` when the rates fall below it. `paused`: a pause
     *       threshold is reached (event `sending.paused`), or an operator paused it: POST /emails, /emails/batch and
     *       /emails/test answer 403 `sending_paused` and accepted mail not yet attempted is held until an operator
     *       resumes it (event `sending.resumed`); the window then counts from the resume.
     *     - No status changes while fewer than `thresholds.minVolume` recipients were attempted in the window.
     *     - Counts are written within a fraction of a second of the outcome; the status follows within a minute.
     *     - A key restricted to a domain sees the tenant's status and rates, and only that domain's identity in
     *       `identities`.
     */
    get: operations['getReputation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/identities': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List sending identities */
    get: operations['listIdentities'];
    put?: never;
    /**
     * Add a sending domain
     * @description Generates a DKIM key pair for the domain (the private key never leaves the mail service) and answers the
     *     DNS records to publish: DKIM (`<selector>._domainkey.<domain>`, required to send), SPF and DMARC
     *     (advisory). The identity is `pending` until POST /identities/{id}/verify finds the DKIM record. A domain
     *     the tenant already has is a 409 `already_exists`; other tenants may add the same domain.
     */
    post: operations['createIdentity'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/identities/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get one identity */
    get: operations['getIdentity'];
    put?: never;
    post?: never;
    /**
     * Delete an identity
     * @description Deletes the identity and its DKIM key. Messages already in the outbox are still relayed (they were signed
     *     when accepted); new messages from the domain are refused with 400 `identity_unverified`.
     */
    delete: operations['deleteIdentity'];
    options?: never;
    head?: never;
    /**
     * Set an identity's tracking defaults and tracking domain
     * @description `tracking` sets whether messages signed by this identity track opens and clicks unless a send says
     *     otherwise (both off by default). `trackingDomain` (a host under the identity's domain, e.g.
     *     `track.example.com`; `null` to remove it) adds a `tracking` DNS record to publish: a CNAME to the
     *     platform's tracking host. Tracked links use that domain once POST /identities/{id}/verify found the
     *     CNAME, and the platform's default tracking host until then (where the platform has one). A domain outside
     *     the identity's is a 400 `validation_failed` at `/body/trackingDomain`.
     */
    patch: operations['updateIdentity'];
    trace?: never;
  };
  '/identities/{id}/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Check the identity's DNS records now
     * @description Looks up the DKIM, SPF and DMARC records and reports each one's `status`. The identity becomes `verified`
     *     when the DKIM TXT record is found with the expected public key, and `failed` otherwise (it can be checked
     *     again at any time). SPF and DMARC are advisory and never block sending. Emits `identity.verified` or
     *     `identity.failed` when the status changes. No request body. With a `returnPathDomain`, it also checks the
     *     two `returnPath` records (the MX to the platform's bounce host and the SPF TXT): `returnPath.status` is
     *     `verified` when both are found and the identity itself is verified; from then on its messages leave with
     *     `MAIL FROM:<bounces+…@<returnPathDomain>>`. Until then, or when a later check no longer finds them
     *     (`failed`), the operator's bounce domain is used. `alignment` tells whether DKIM and SPF would align
     *     with DMARC for the identity's From domain.
     *     DKIM keys: the `current` RSA record decides the status. A `pending` record (POST
     *     /identities/{id}/dkim/rotate) found by this check becomes `current`, the identity signs with its key from then
     *     on (for RSA, `selector` changes) and the old record of that algorithm becomes `retiring` with
     *     `removableAfter`; a `retiring` record past that time leaves the list. The current Ed25519 record
     *     (`dkimAlgorithms`) signs while a check finds it.
     */
    post: operations['verifyIdentity'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/identities/{id}/dkim/rotate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a DKIM key rotation
     * @description Makes a new key of `algorithm` (default `rsa-sha256`; `ed25519-sha256` when the identity signs Ed25519,
     *     else 400) under a new selector and lists it in `dnsRecords` as another `dkim` record with `keyState:
     *     pending`. The identity goes on signing with its current key until POST /identities/{id}/verify finds the
     *     new record; from that check on it signs with the new key, the new record becomes `current` and the old one
     *     `retiring`, with `removableAfter` (7 days after the switch: mail signed before it, still in flight or
     *     retried, keeps verifying) after which the tenant may delete it; a check after that time drops it from the
     *     list. The RSA and the Ed25519 key rotate apart. A rotation of the same algorithm already pending (started
     *     here or proposed by the platform's `DKIM_ROTATE_DAYS`) is a 409 `rotation_pending`: publish its record and
     *     verify, or cancel it (DELETE); nothing is changed. The body may be omitted. The new private key never
     *     appears in any response.
     */
    post: operations['rotateDkimKey'];
    /**
     * Cancel a pending DKIM key rotation
     * @description Deletes the pending key of `algorithm` (default `rsa-sha256`) and drops its record from `dnsRecords`; the
     *     current key signs on, as it did while the rotation was pending, so no message is affected. A record you
     *     already published for it can be removed. 409 `no_rotation_pending` when none is pending (never started,
     *     already cancelled, or switched to by a verify: then the new key is `current`); nothing is changed.
     */
    delete: operations['cancelDkimRotation'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/identities/{id}/inbound': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Receive mail at the identity's domain
     * @description Adds the MX record to publish (`dnsRecords`, purpose `mx`, pointing at the platform's inbound host) and
     *     sets `inbound.status` to `pending`. POST /identities/{id}/verify then checks it: receiving is `verified`
     *     once the MX record points at the platform **and** the identity itself is verified (its DKIM record proves
     *     the tenant controls the domain, which an MX record alone cannot tell between tenants). One tenant receives
     *     for a domain: the first to verify it; another tenant's check then reports `taken`. A platform subdomain
     *     (`<slug>.<INBOUND_DOMAIN>`) is verified at once. Enabling it again answers the identity unchanged. 503
     *     `inbound_not_configured` when the platform receives no mail (`INBOUND_MX_HOST` unset).
     */
    post: operations['enableInbound'];
    /**
     * Stop receiving mail at the identity's domain
     * @description Removes the MX record from `dnsRecords` and releases the domain: from now on its recipients are refused at
     *     RCPT (550). Messages already received stay readable. Disabling it again answers the identity unchanged.
     */
    delete: operations['disableInbound'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/inbound/routes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List inbound routes */
    get: operations['listInboundRoutes'];
    put?: never;
    /**
     * Route incoming mail for an address pattern
     * @description Mail to an address of one of the tenant's receiving domains is taken only when a route matches it; every
     *     other recipient is refused at RCPT (550 5.1.1), never accepted and dropped. Patterns: an exact address
     *     (`support@example.com`), a prefix with `*` (`support+*@example.com`), or the whole domain
     *     (`*@example.com`). When several match, the exact one wins, then the longest prefix. The domain must be one
     *     of the tenant's identities with receiving enabled (400 `validation_failed` naming `/body/pattern`); the same
     *     pattern twice is a 409 `already_exists`. Actions: `webhook` stores the message and announces
     *     `email.received` (to `endpointId` only when given, else to every endpoint subscribed to it); `hold` stores it
     *     without an event; `reject` answers RCPT with `code` and `message`. With `refuseUnauthenticated`, a message
     *     that fails authentication (DMARC `fail`, or no DMARC policy and neither SPF nor DKIM passing for the From
     *     domain) is refused after DATA with 550 5.7.26; otherwise the results are only reported.
     */
    post: operations['createInboundRoute'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/inbound/routes/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get one inbound route */
    get: operations['getInboundRoute'];
    put?: never;
    post?: never;
    /**
     * Delete an inbound route
     * @description Its addresses are refused at RCPT from now on, unless another route matches them.
     */
    delete: operations['deleteInboundRoute'];
    options?: never;
    head?: never;
    /**
     * Change an inbound route
     * @description The fields given replace the route's; the same rules as on creation. Applies to the next RCPT.
     */
    patch: operations['updateInboundRoute'];
    trace?: never;
  };
  '/inbound/messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List received messages
     * @description Newest first. `emailId` lists the replies threaded to one of the tenant's sent messages.
     */
    get: operations['listInboundMessages'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/inbound/messages/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one received message, parsed
     * @description The message as `email.received` carried it (with fresh attachment links), while its body is kept; after
     *     retention (`BODY_RETENTION_DAYS`, by plan) `body` is null and only the record remains.
     */
    get: operations['getInboundMessage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/inbound/messages/{id}/attachments/{index}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download an attachment of a received message (public, signed link)
     * @description The link `email.received` and GET /inbound/messages/{id} give for each attachment: signed for this message
     *     and attachment, valid until `expires` (`INBOUND_ATTACHMENT_URL_TTL`, 7 days by default), needing no key.
     *     Always `application/octet-stream` with `Content-Disposition: attachment`, so a browser never renders what a
     *     stranger sent. A link that is altered or out of date is a 404 `not_found`, as is one whose body retention
     *     deleted: nothing tells a guesser what exists.
     */
    get: operations['downloadInboundAttachment'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/endpoints': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List webhook endpoints */
    get: operations['listWebhookEndpoints'];
    put?: never;
    /**
     * Register a webhook endpoint
     * @description Events of the listed types (see the `event` webhook of this document) are POSTed to `url`, signed per
     *     Standard Webhooks v1 with the endpoint's secret, which this response returns once (`whsec_` + base64
     *     of 32 random bytes). A disabled endpoint receives nothing.
     *
     *     A tenant has at most the number of endpoints its plan allows, disabled ones included (configured per
     *     plan by the operator: `WEBHOOK_ENDPOINT_LIMIT_BY_PLAN` and `WEBHOOK_ENDPOINT_LIMIT`, by default 5 on
     *     `free`, 10 on `starter`, 25 on `growth`, 50 on `scale`, 10 on any other plan). One more is a 422 `endpoint_limit_reached`
     *     (`EndpointLimitProblem`, with the `limit` and the `plan`) and creates nothing; delete an endpoint or
     *     change plan. A tenant whose plan shrank keeps the endpoints it has.
     */
    post: operations['createWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/endpoints/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get one webhook endpoint */
    get: operations['getWebhookEndpoint'];
    put?: never;
    post?: never;
    /**
     * Delete a webhook endpoint
     * @description Stops every delivery to the endpoint, including pending retries.
     */
    delete: operations['deleteWebhookEndpoint'];
    options?: never;
    head?: never;
    /**
     * Update a webhook endpoint
     * @description Changes only the given fields (at least one). Setting `disabled: true` stops deliveries at once, including
     *     pending retries; `disabled: false` resumes them for new events (replay what was missed with POST
     *     /webhooks/endpoints/{id}/replay) and, like a new `url`, forgets the endpoint's failures so far (see
     *     the `event` webhook). Answers 204 without a body; read the endpoint back with GET when needed.
     */
    patch: operations['updateWebhookEndpoint'];
    trace?: never;
  };
  '/webhooks/endpoints/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate the endpoint's signing secret
     * @description Issues a new secret, returned once. For 24 hours deliveries carry two signatures in `webhook-signature`
     *     (new and old, space-separated) so the receiver can switch without losing events; then only the new one.
     *     Rotating again within those 24 hours drops the oldest secret. No request body.
     */
    post: operations['rotateWebhookEndpointSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/endpoints/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List an endpoint's deliveries with their attempts
     * @description The delivery log of one endpoint: one delivery per event sent (or being sent) to it, newest first (by
     *     `createdAt`, then id), each with every attempt made: the HTTP status, how long it took, the first
     *     4096 bytes of the response body, and when the next retry is due. Deliveries are kept for the retention
     *     period (`WEBHOOK_DELIVERY_RETENTION_DAYS`, 30 days by default) after their event, then deleted; a
     *     delivery still pending is never deleted. Another tenant's endpoint is a 404.
     */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/endpoints/{id}/replay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Redeliver everything that failed since an instant
     * @description Queues a redelivery (as POST /webhooks/deliveries/{id}/redeliver does) of each of the endpoint's
     *     deliveries created at or after `since` that ended `failed` or `cancelled`, oldest first, at most 1000
     *     per call. `hasMore` says that more remain; call again with `since` set to `nextSince` to go on.
     *     Deliveries still pending or already succeeded are left alone. A replay ends a pause of the endpoint for
     *     failing (see the `event` webhook): its next attempt probes it at once. A disabled endpoint is a 409
     *     `endpoint_disabled`: enable it first.
     */
    post: operations['replayWebhookDeliveries'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/deliveries/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get one delivery with its attempts and the event it carries */
    get: operations['getWebhookDelivery'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/deliveries/{id}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a delivery again
     * @description Attempts the delivery at once, with the same event and the same `webhook-id` (receivers deduplicate
     *     on it), signed afresh with the endpoint's current secret(s) and a new `webhook-timestamp`. It ends a
     *     pause of the endpoint for failing (see the `event` webhook): this attempt probes it. A `failed`,
     *     `cancelled` or `succeeded` delivery goes back to `pending` with a new round of retries; a `pending`
     *     one waiting for its next retry is attempted now, and if that attempt fails its schedule goes on where
     *     it was; one whose attempt is under way right now is answered as it is. The new attempts are appended
     *     to the delivery's. When its endpoint is disabled, a 409 `endpoint_disabled`; when its endpoint was
     *     deleted, a 404. No request body.
     */
    post: operations['redeliverWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/suppressions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List suppressed recipients */
    get: operations['listSuppressions'];
    put?: never;
    /**
     * Suppress a recipient
     * @description Messages to a suppressed address are accepted with status `suppressed` and never relayed. Addresses are
     *     stored lowercased. Idempotent: an address already on the list answers 200 with the existing record,
     *     unchanged (its original `reason` and `createdAt` are kept).
     */
    post: operations['addSuppression'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/suppressions/{email}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a recipient from the suppression list
     * @description The address is matched case-insensitively. Percent-encode it in the path (`@` may stay as is).
     */
    delete: operations['removeSuppression'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/templates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List templates
     * @description The tenant's templates, newest first. Needs a `full` key, like every template route.
     */
    get: operations['listTemplates'];
    put?: never;
    /**
     * Create a template
     * @description Stores a template whose subject, HTML and text are Liquid (LiquidJS) sources over the variables a send
     *     gives. Its content is a draft until POST /templates/{id}/publish makes it version 1; sends use published
     *     versions only. A source that does not parse is a 400 `template_invalid` whose `errors` name the field and
     *     the line (`/body/html`: `line 3, column 5: tag {% if %} not closed`). An alias the tenant already uses is a
     *     409 `already_exists`. Needs a `full` key.
     */
    post: operations['createTemplate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/templates/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a template with its draft
     * @description Another tenant's template is a 404, as an unknown one. Needs a `full` key.
     */
    get: operations['getTemplate'];
    put?: never;
    post?: never;
    /**
     * Delete a template and its versions
     * @description Later sends naming it are a 400 `template_unavailable`. Messages already accepted were rendered when
     *     they were accepted and go out unchanged; they keep naming the template and version they used. Needs a
     *     `full` key.
     */
    delete: operations['deleteTemplate'];
    options?: never;
    head?: never;
    /**
     * Rename a template or edit its draft
     * @description `name` and `alias` change at once (sends naming the old alias then fail with `template_unavailable`);
     *     `subject`, `html` and `text` change the draft only: sends keep using the published version until the
     *     draft is published. `null` removes the alias, the HTML or the text (one of HTML and text must remain).
     *     Parsing errors are a 400 `template_invalid`, an alias in use a 409 `already_exists`. Needs a `full` key.
     */
    patch: operations['updateTemplate'];
    trace?: never;
  };
  '/templates/{id}/publish': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Publish the draft as the next version
     * @description Freezes the draft as version `publishedVersion + 1`, which sends use from now on (unless they name
     *     another with `templateVersion`). Idempotent: when the draft equals the published version nothing changes
     *     and the template is answered as it is. No request body. Needs a `full` key.
     */
    post: operations['publishTemplate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/templates/{id}/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Version history
     * @description Every published version of the template, newest first, with its content. Needs a `full` key.
     */
    get: operations['listTemplateVersions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/templates/{id}/versions/{version}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One published version
     * @description An unknown version is a 404. Needs a `full` key.
     */
    get: operations['getTemplateVersion'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/templates/{id}/render': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Render a version with a model, without sending (validate)
     * @description Renders the draft (or the published `version` named) with `variables` exactly as a send would, and reports
     *     what a send would refuse: `missingVariables` (required by the template and not given; a send would be a
     *     400 `template_variables_missing`), `unusedVariables` (given and never referenced) and `errors` (each with
     *     its field, line and column: a render that fails, or a rendered subject with a line break). `valid` is true
     *     when a send with this model would be accepted. Output is escaped for HTML in `html` unless a value is
     *     written `{{ value | raw }}`. Nothing is stored or sent. An unknown version is a 404. Needs a `full` key.
     */
    post: operations['renderTemplate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/unsubscribe': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Unsubscribe confirmation page (public)
     * @description The link in a message's `List-Unsubscribe` header and footer. Renders an HTML page whose form POSTs the
     *     same token back to POST /unsubscribe; it never unsubscribes by itself (link scanners follow GETs).
     *     Errors are HTML pages only for clients whose `Accept` names `text/html` (or `application/xhtml+xml`) at
     *     least as high as JSON, as browsers do; every other client (`*\/*`, curl, no `Accept`, a JSON client) gets a
     *     problem body. A request without `token` is rejected by the gateway with a problem body.
     */
    get: operations['showUnsubscribePage'];
    put?: never;
    /**
     * Unsubscribe (public, RFC 8058 one-click)
     * @description Adds the token's recipient to the tenant's suppression list (reason `unsubscribed`) and emits
     *     `recipient.unsubscribed`. The token comes from the query (`?token=`, as in the `List-Unsubscribe` URL) or
     *     from the body; when both are present they must be equal. Accepted bodies: none,
     *     `application/x-www-form-urlencoded` or `multipart/form-data` (RFC 8058: `List-Unsubscribe=One-Click`, plus
     *     `token` when posted from the confirmation page), or `application/json` `{ "token": "…" }`. Form bodies
     *     tolerate extra fields so that no mailbox provider's one-click POST is refused.
     *
     *     A valid token always gives 200, also when the recipient is already suppressed. No cookies, no
     *     authentication, no redirect. Content negotiation: the confirmation is JSON unless `Accept` prefers
     *     `text/html` (a browser posting the confirmation page's form), then an HTML page. Any token that cannot be
     *     honoured (missing, malformed, bad signature, expired) is a 400 `token_invalid`.
     */
    post: operations['unsubscribe'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/track/click/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A tracked link in a message (public)
     * @description Where click tracking points each link of a message's HTML, on the identity's tracking domain (or the
     *     platform's). Answers 302 to the URL the link was signed for, and only to it: the token carries the URL,
     *     the message's ids sealed (unreadable), the link's end, and an HMAC over them and the host the link was
     *     issued on. A changed or forged token, or one asked on another host, is a 400 `tracking_link_invalid`; a
     *     genuine one past its end (`TRACKING_LINK_TTL_DAYS` after the message was accepted, 90 by default) is a
     *     410 `tracking_link_expired`; neither redirects. The click is recorded after the answer is sent
     *     (`email.clicked`); a failure to record it never delays or fails the redirect.
     */
    get: operations['followTrackedLink'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/track/open/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The open-tracking image of a message (public)
     * @description A transparent 1×1 GIF placed at the end of a message's HTML when open tracking is on. Fetching it records an
     *     open (`email.opened`), after the image is answered. Opens whose evidence says a machine fetched it (Apple
     *     Mail Privacy Protection's proxy, link scanners, fetches seconds after delivery) are recorded with
     *     `machine: true` and not counted as people's opens. Its token is opaque (no id can be read from it) and bound
     *     to its host and end as a tracked link's is: a changed or forged token, or one asked on another host, is a 400
     *     `tracking_link_invalid`, and a genuine one past its end a 410 `tracking_link_expired`.
     */
    get: operations['trackOpen'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/checkout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Open a checkout for a paid plan
     * @description Creates a first payment with the payment provider (which also creates the mandate for later charges) and
     *     answers the hosted checkout URL to redirect the customer to. Nothing is granted until the provider's
     *     webhook confirms the payment. `paymentMethod` must be one of the ids GET /billing/checkout-methods
     *     returns for the plan (else 400 `validation_failed`). 409 `already_subscribed` when the tenant holds an
     *     entitling subscription (use upgrade/downgrade); 422 `plan_not_purchasable` for a plan that is unknown,
     *     priced at zero, or while the catalogue is degraded; 503 `billing_not_configured` when no hub/provider is
     *     configured, 503 `billing_unavailable` when they cannot be reached.
     */
    post: operations['createCheckout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/checkout-methods': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Payment methods a checkout for this plan may offer
     * @description The provider's methods eligible for a first (mandate-creating) payment of the plan's price and currency.
     *     Not paged. 422 `plan_not_purchasable` as for checkout.
     */
    get: operations['listCheckoutMethods'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/upgrade/quote': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Quote the prorated amount of an upgrade (charges nothing)
     * @description `amountCents` = price difference between the tiers × (seconds left in the paid period ÷ seconds in the
     *     period), rounded half up to whole cents; never the catalogue price. 0 means the upgrade is granted without
     *     a charge. `consentRequired` is true when `amountCents` is above the proration floor (50 cents).
     *     404 `no_subscription` (open a checkout instead); 422 `unknown_plan`, `not_an_upgrade` or
     *     `tier_change_not_allowed` (past due, or cancellation pending).
     */
    post: operations['quoteUpgrade'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/upgrade': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upgrade now, charging the prorated difference
     * @description Recomputes the quote. If `acceptedCents` differs from it: 409 `quote_stale` and nothing is charged. If
     *     the amount is above the proration floor and `consented` is not true: 409 `quote_not_consented`. Otherwise
     *     the amount is charged on the existing mandate (with an idempotency key) and, once paid, the larger tier
     *     applies at once; a declined charge is a 402 `payment_declined` and the tier is unchanged. Other failures
     *     as for the quote.
     */
    post: operations['upgradeSubscription'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/downgrade': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Schedule a move to a smaller tier at the next renewal
     * @description Nothing changes today and nothing is refunded; the smaller tier applies from the next renewal. A later
     *     downgrade replaces a scheduled one. 404 `no_subscription`; 422 `unknown_plan`, `not_a_downgrade`,
     *     `downgrade_to_free` (use DELETE /billing/subscription) or `tier_change_not_allowed`.
     */
    post: operations['downgradeSubscription'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/pending-change': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Withdraw a scheduled downgrade
     * @description Succeeds also when nothing is scheduled. 404 `no_subscription` when there is no subscription.
     */
    delete: operations['cancelPendingChange'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/subscription': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Cancel at the end of the paid period
     * @description Stops future charges; access continues until `accessUntil` (the end of the paid period), then the tenant is
     *     on the free tier. Withdraws any scheduled downgrade. Repeatable: cancelling again answers the same result.
     *     404 `no_subscription` when there is no entitling subscription.
     */
    delete: operations['cancelSubscription'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/state': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The tenant's billing state
     * @description A tenant who never subscribed is reported healthy with `hasSubscription=false` on the free plan.
     */
    get: operations['getBillingState'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/catalogue': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The plan catalogue (public)
     * @description 1. A plan the hub does not sell is absent. 2. A plan priced at zero (the free tier) is present but not
     *     purchasable. 3. When the hub cannot be reached, the last catalogue served is replayed with
     *     `degraded=true`, every plan unpurchasable and every `priceId` dropped. Always 200.
     */
    get: operations['getCatalogue'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/return': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Where a customer lands after the hosted checkout (public)
     * @description The default `redirectUrl` of every checkout (unless `successUrl` or `CHECKOUT_RETURN_URL` names another): an
     *     HTML page telling the customer, without a key, whether the payment went through: paid and the plan active,
     *     paid and refunded (the account was entitled already), still being confirmed (the page refreshes itself),
     *     or not completed. It shows nothing of the account beyond that checkout's plan. An open checkout's payment
     *     is looked up at the provider, and applied if paid, as its notification would be. Unknown checkout: 404.
     *     Errors are HTML for browsers; a client whose `Accept` prefers JSON gets a problem body.
     */
    get: operations['showCheckoutReturn'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/webhook/subscription-hub': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Subscription lifecycle events from the billing hub (signed)
     * @description Called by the billing hub only. The gateway forwards the raw body and headers; billing verifies
     *     `Hub-Signature` over the exact bytes before parsing (see the `HubSignature` scheme) and answers 401 when it
     *     is missing, malformed, stale or wrong. Events are deduplicated on their `id`: a replay answers 200 without
     *     being applied again, and so does an event of a type billing does not handle. Responses are `text/plain`.
     */
    post: operations['hubWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/webhook/payment-provider': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Payment notification from the payment provider (unsigned)
     * @description The body carries only the payment id (`id=tr_…`, form-encoded; a JSON `{ "id": … }` is accepted too).
     *     The payment is re-fetched from the provider with the service's own credentials before anything is applied;
     *     that re-fetch is what makes the notification authentic. A replayed notification answers 200 without being
     *     applied again; so does a payment attributable to nobody. 400 when there is no payment id; 500 when it
     *     could not be applied (the provider retries); 503 when billing is not configured or the provider cannot
     *     be reached. Responses are `text/plain`.
     */
    post: operations['paymentProviderWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Liveness of the gateway and reachability of each service (public)
     * @description Always 200 while the gateway runs, answered at once from background pings (one per service each second):
     *     `status` is `ok` when every service answered a ping within the last 3 s, and `degraded` otherwise, with the
     *     per-service result. Use the body, not the status, for readiness.
     */
    get: operations['health'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This document, as JSON (public)
     * @description The contract the gateway enforces, self-contained (the event payload schemas are bundled under
     *     `components/schemas/EventData.*`), with `servers` naming this instance (`PUBLIC_URL`). Feed it to a code
     *     generator or an API client. Cached for 5 minutes.
     */
    get: operations['getOpenApiJson'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.yaml': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This document, as YAML (public)
     * @description The same document as GET /openapi.json, in YAML.
     */
    get: operations['getOpenApiYaml'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * API reference page (public)
     * @description This document rendered by Swagger UI, whose files the gateway serves from its installed package (no CDN).
     *     "Authorize" takes an API key; "Try it out" then calls this instance. The page's
     *     `Content-Security-Policy` lets it load only its own scripts and styles and call only this instance.
     */
    get: operations['showDocs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs/guides': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The guides (public)
     * @description The index of the guides (`docs/guides` of the repository), rendered as pages of this instance: quick start,
     *     sending, webhooks, inbound, SMTP submission, deliverability, teams, billing, the SDK, operating, moving from
     *     Resend or Postmark, and the API's conventions. Every page of `/docs` links to each of them. The pages run no
     *     script (`Content-Security-Policy: default-src 'none'`).
     */
    get: operations['listGuides'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs/guides/{guide}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One guide (public)
     * @description A guide, by its file name without `.md` (`quick-start`, `sending`, `webhooks`, `inbound`, `smtp`,
     *     `deliverability`, `teams`, `billing`, `sdk`, `operating`, `migrating`, `api-conventions`). Links to other
     *     guides lead to their pages; links into the repository (decision records, tests) are shown as text. 404
     *     `not_found` for any other name.
     */
    get: operations['getGuide'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs/assets/{file}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A script or style sheet of the API reference page (public)
     * @description Cached for a year (`immutable`) when `v` is the version the page names, so a new release is fetched
     *     afresh; for an hour otherwise.
     */
    get: operations['getDocsAsset'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/readyz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Readiness of the answering process (public)
     * @description 200 when the store and the broker of the answering process can be used now (in the embedded default:
     *     of every service in it), else 503 `not_ready` with the same `checks`. From the moment the process begins to
     *     stop (SIGTERM) it answers 503 with `<service>.accepting: down` while it finishes what it has. Point a load balancer or an
     *     orchestrator's readiness probe here; `/healthz` says only that the process is alive. Each service of
     *     the distributed mode answers the same on its own ops port (`OPS_PORT`).
     */
    get: operations['readiness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Prometheus metrics (the scrape token only when METRICS_TOKEN is set)
     * @description The Prometheus text exposition (version 0.0.4) of the answering process: in the embedded default every
     *     service's series, told apart by the `service` label. With `METRICS_TOKEN`, `Authorization: Bearer
     *     <METRICS_TOKEN>` is required. Without it, the embedded default answers anyone who reaches the port (the
     *     series carry no tenant ids or secrets) and the distributed mode's gateway answers 401: scrape its ops
     *     listener (`OPS_PORT`) instead. The names are listed in the README (Operations).
     */
    get: operations['metrics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/tenants': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the tenants (operators only)
     * @description Every tenant, newest first, paged. Authenticated with the admin token.
     */
    get: operations['listTenants'];
    put?: never;
    /**
     * Create a tenant with its first API key (operators only)
     * @description Authenticated with the operator's admin token (`Authorization: Bearer <ADMIN_TOKEN>`), never an API key.
     *     The first key (permission `full`) is returned once.
     */
    post: operations['createTenant'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/tenants/{tenantId}/owners': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add an owner to a tenant (operators only)
     * @description How a tenant gets its first member: the operator adds an owner with an email address, a name and a password
     *     (`npm run admin -- create-owner`). Audited as the operator. An unknown tenant is a 404 `not_found`; an email
     *     address already taken a 409 `already_exists`.
     */
    post: operations['createOwner'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/tenants/{tenantId}/billing': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A tenant's billing state, usage and money ledger (operators only)
     * @description The billing state as the tenant sees it (with this month's usage), and the ledger: every charge, refund
     *     and grant with its provider id, and the totals, where charged − refunded = granted (`balanced`).
     *     A tenant billing never heard of answers the free state and an empty ledger.
     */
    get: operations['getTenantBilling'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/tenants/{tenantId}/grant': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Hand a tenant a zero-priced plan from the back-office (operators only)
     * @description The granted tier of catalogue rule 2: the plan must be in the catalogue and priced at zero (else 422
     *     `plan_not_grantable`, or `unknown_plan`). Nothing is charged; the quota follows at once
     *     (`entitlement.changed`). Without `until` the grant lasts until taken back; with it, it ends then. Granting
     *     again replaces the grant. 409 `already_subscribed` while the tenant holds an entitling paid subscription
     *     (it would pay for what it no longer uses). A granted tenant may still buy a plan: its paid checkout ends the
     *     grant. Upgrade, downgrade and cancellation answer 404 `no_subscription` for a granted tenant: there is no
     *     paid subscription to change. 503 when billing is not configured or the catalogue cannot be reached.
     */
    post: operations['grantPlan'];
    /**
     * Take a back-office grant back (operators only)
     * @description The tenant returns to the free tier and its quota follows. Also succeeds when nothing is granted.
     */
    delete: operations['revokeGrant'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/tenants/{tenantId}/pause-sending': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Pause a tenant's sending (operators only)
     * @description The tenant's status becomes `paused` (event `sending.paused`, the reason given in `reason`), as if its rates
     *     had paused it: its sends answer 403 `sending_paused` and accepted mail is held. Recorded in the tenant's audit
     *     log as the operator's. Pausing a paused tenant changes nothing.
     */
    post: operations['pauseSending'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/tenants/{tenantId}/resume-sending': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Resume a paused tenant's sending (operators only)
     * @description The tenant's status becomes `healthy` (event `sending.resumed`), held mail goes out within a minute, and the
     *     reputation window counts from now. Recorded in the tenant's audit log as the operator's. Resuming a tenant
     *     that is not paused changes nothing.
     */
    post: operations['resumeSending'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  event: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An event delivered to a tenant's webhook endpoint (outbound)
     * @description Sent by the webhooks service to every enabled endpoint of the tenant subscribed to the event's type (or
     *     to `*`), following Standard Webhooks v1.0.0:
     *
     *     - `webhook-id`: the event id (`evt_…`), the same on every retry; deduplicate on it.
     *     - `webhook-timestamp`: Unix seconds of this attempt.
     *     - `webhook-signature`: `v1,<base64 HMAC-SHA256>` over `<webhook-id>.<webhook-timestamp>.<body>`, keyed with
     *       the base64-decoded part of the endpoint secret after `whsec_`; several space-separated entries during a
     *       secret rotation. Receivers should reject timestamps more than 5 minutes away from their clock.
     *     - `mailplane-request-id` (when an API request caused the event): that request's `X-Request-Id`, the same
     *       on every retry; quote it when asking us about the delivery. Not signed.
     *
     *     Only a 2xx answer within 15 s is a success (3xx is a failure). Failed attempts are retried with jitter
     *     after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h, honouring `Retry-After`; then the delivery
     *     is given up.
     *
     *     Every tenant and every endpoint gets its share of the senders: each has a bounded number of attempts in
     *     flight at once (per replica of the webhooks service), and a delivery that finds its share in use waits,
     *     keeping its place in its retry schedule. After 3 failed attempts in a row an endpoint is paused: one
     *     attempt at a time probes it, 5 s after the last failure, then 30 s, 2 min, 5 min and every 10 min, while
     *     its other deliveries wait without spending attempts; a 2xx ends the pause. Every non-2xx answer,
     *     timeout, connection or TLS error and refused address counts as a failure.
     *
     *     An endpoint is disabled automatically when it answers 410 Gone, or when every attempt to it has failed
     *     for 5 days (`WEBHOOK_DISABLE_AFTER`) since the first failure after its last success. Its pending
     *     deliveries are then cancelled, and an `endpoint.disabled` event goes to the tenant's other endpoints.
     */
    post: operations['deliverEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    /** @description API key id. */
    ApiKeyId: string;
    /** @description Message id. */
    MessageId: string;
    /** @description Identity id. */
    IdentityId: string;
    /** @description Inbound route id. */
    InboundRouteId: string;
    /** @description Received message id. */
    InboundMessageId: string;
    /** @description Webhook endpoint id. */
    WebhookEndpointId: string;
    /** @description Webhook delivery id. */
    WebhookDeliveryId: string;
    /** @description Event id (also the `webhook-id` of its deliveries). */
    EventId: string;
    /** @description Tenant id. */
    TenantId: string;
    /** @description Checkout id. */
    CheckoutId: string;
    /**
     * Format: date-time
     * @description RFC 3339 date-time, UTC.
     */
    Timestamp: string;
    /**
     * Format: date-time
     * @description RFC 3339 date-time, UTC, or null.
     */
    NullableTimestamp: string | null;
    /**
     * Format: email
     * @description A bare address, `local@domain`.
     */
    EmailAddress: string;
    /**
     * @description One mailbox: a bare address (`jane@example.com`) or a display name and address
     *     (`Jane Doe <jane@example.com>`, `"Doe, Jane" <jane@example.com>`). Never a list, and no control character
     *     (CR, LF…) anywhere. A display name that holds `<`, `>`, `@` (or a full-width look-alike) or an RFC 2047
     *     encoded word (`=?`) is a 400 `unsafe_display_name` naming the field: mail clients show the name in place of
     *     the address, so `"billing@bank.example" <me@mine.example>` would read as mail from the bank. Write the name
     *     as plain text (UTF-8 is fine; it is encoded for you).
     */
    Mailbox: string;
    /**
     * @description A `Mailbox`, or an array of 1 to 50 of them. (Written without `oneOf`: the string rules apply to a string and
     *     the array rules to an array, so a bad address is reported as such rather than as "matches no form".)
     */
    Recipients: string | components['schemas']['Mailbox'][];
    /** @description A lowercase DNS hostname (no trailing dot), e.g. `mail.example.com`. */
    Domain: string;
    /** @description A plan id from the catalogue; `free` is the free tier. */
    PlanId: string;
    /** @description ISO 4217 currency code, e.g. `EUR`. */
    Currency: string;
    /** @description An amount in the smallest currency unit. */
    Cents: number;
    /**
     * @description `full`: every bearer route but member changes. `sending`: only POST /emails, POST /emails/batch and POST /emails/test.
     * @enum {string}
     */
    Permission: 'full' | 'sending';
    /**
     * @description Stable machine-readable code; the HTTP status of each code is fixed: 400 validation_failed,
     *     malformed_json, malformed_request, body_too_deep, body_too_complex, body_timeout, identity_unverified,
     *     from_domain_mismatch, unsafe_display_name, token_invalid, totp_invalid, payment_id_missing, template_invalid,
     *     template_unavailable, template_variables_missing, template_render_failed, tracking_domain_unverified,
     *     tracking_link_invalid, test_email_limit_reached; 401 unauthorized, restricted_api_key, totp_required,
     *     signature_invalid; 402 payment_declined; 403 forbidden, key_domain_mismatch, sending_paused, reauthentication_required; 404 not_found, route_not_found, no_subscription;
     *     405 method_not_allowed; 408 request_timeout; 409 already_exists, last_owner,
     *     already_subscribed, quote_not_consented, quote_stale, delivery_pending, endpoint_disabled, not_scheduled, rotation_pending, no_rotation_pending; 410 token_expired, link_invalid, tracking_link_expired; 413 payload_too_large;
     *     415 unsupported_media_type; 422 quota_exceeded, idempotency_key_reused, endpoint_limit_reached, unknown_plan,
     *     plan_not_purchasable, plan_not_grantable, not_an_upgrade, not_a_downgrade, downgrade_to_free,
     *     tier_change_not_allowed;
     *     429 rate_limited, idempotency_key_in_flight; 431 headers_too_large; 500 internal; 501 not_implemented;
     *     503 billing_not_configured, billing_unavailable, dns_unavailable, inbound_not_configured, system_mail_not_configured, system_mail_failed, totp_not_configured, service_unavailable, service_busy, outcome_unknown,
     *     not_ready, store_unavailable; 504 service_timeout.
     * @enum {string}
     */
    ProblemCode:
      | 'validation_failed'
      | 'malformed_json'
      | 'malformed_request'
      | 'body_too_deep'
      | 'body_too_complex'
      | 'body_timeout'
      | 'request_timeout'
      | 'payload_too_large'
      | 'unsupported_media_type'
      | 'headers_too_large'
      | 'unauthorized'
      | 'signature_invalid'
      | 'restricted_api_key'
      | 'forbidden'
      | 'not_found'
      | 'route_not_found'
      | 'method_not_allowed'
      | 'already_exists'
      | 'last_owner'
      | 'identity_unverified'
      | 'from_domain_mismatch'
      | 'key_domain_mismatch'
      | 'sending_paused'
      | 'unsafe_display_name'
      | 'quota_exceeded'
      | 'rate_limited'
      | 'test_email_limit_reached'
      | 'idempotency_key_reused'
      | 'idempotency_key_in_flight'
      | 'token_invalid'
      | 'token_expired'
      | 'payment_id_missing'
      | 'payment_declined'
      | 'template_invalid'
      | 'template_unavailable'
      | 'template_variables_missing'
      | 'template_render_failed'
      | 'tracking_domain_unverified'
      | 'tracking_link_invalid'
      | 'tracking_link_expired'
      | 'no_subscription'
      | 'already_subscribed'
      | 'quote_not_consented'
      | 'quote_stale'
      | 'delivery_pending'
      | 'endpoint_disabled'
      | 'endpoint_limit_reached'
      | 'not_scheduled'
      | 'rotation_pending'
      | 'no_rotation_pending'
      | 'unknown_plan'
      | 'plan_not_purchasable'
      | 'plan_not_grantable'
      | 'not_an_upgrade'
      | 'not_a_downgrade'
      | 'downgrade_to_free'
      | 'tier_change_not_allowed'
      | 'billing_not_configured'
      | 'billing_unavailable'
      | 'dns_unavailable'
      | 'inbound_not_configured'
      | 'link_invalid'
      | 'system_mail_not_configured'
      | 'system_mail_failed'
      | 'totp_required'
      | 'totp_invalid'
      | 'reauthentication_required'
      | 'totp_not_configured'
      | 'internal'
      | 'not_implemented'
      | 'service_unavailable'
      | 'service_busy'
      | 'outcome_unknown'
      | 'not_ready'
      | 'store_unavailable'
      | 'service_timeout';
    /**
     * @description RFC 9457 problem details (`application/problem+json`). Clients branch on `code` (or the equivalent `type`),
     *     never on `title` or `detail`. Extension members may be added; ignore the ones you do not know.
     */
    Problem: {
      /**
       * Format: uri
       * @description `https://mailplane.dev/problems/<code>`; identifies the problem type (not meant to be dereferenced).
       */
      type: string;
      /** @description Short summary of the problem type; the same for every occurrence. */
      title: string;
      /** @description The HTTP status of this response. */
      status: number;
      /** @description What went wrong this time, written to help fix the request. */
      detail?: string;
      /**
       * Format: uri-reference
       * @description The request path that failed.
       */
      instance?: string;
      code: components['schemas']['ProblemCode'];
      /** @description Same as the `X-Request-Id` response header. */
      requestId: string;
      /** @description With `validation_failed` and `unsafe_display_name`, one entry per offending field. */
      errors?: {
        /** @description JSON Pointer into the request, prefixed by its part: `/body/subject`, `/query/limit`, `/params/id`, `/headers/idempotency-key`. */
        path: string;
        message: string;
      }[];
    };
    /** @description A `quota_exceeded` problem with the monthly quota figures. */
    QuotaProblem: components['schemas']['Problem'] & {
      /** @constant */
      code?: 'quota_exceeded';
      /** @description Monthly email quota of the plan. */
      limit: number;
      /** @description Emails counted this month. */
      used: number;
      /**
       * Format: date-time
       * @description Start of the next calendar month, UTC, when the count restarts.
       */
      resetAt: string;
    };
    /** @description A `Problem`; when its code is `quota_exceeded` it is a `QuotaProblem`. */
    QuotaOrProblem: components['schemas']['Problem'];
    /** @description An `endpoint_limit_reached` problem with the plan's limit. */
    EndpointLimitProblem: components['schemas']['Problem'] & {
      /** @constant */
      code?: 'endpoint_limit_reached';
      /** @description Endpoints the plan allows, disabled ones included. */
      limit: number;
      /** @description The tenant's plan as billing last announced it (`free` before any announcement). */
      plan: string;
    };
    CreateApiKeyRequest: {
      /** @description A label for people. */
      name: string;
      /** @default full */
      permission?: components['schemas']['Permission'];
      /**
       * @description Restricts the key's sends (POST /emails, /emails/batch, /emails/test and SMTP submission) to this
       *     sending domain: a From address or identity of another domain is refused with 403
       *     `key_domain_mismatch`. The key also sees and changes only that domain's identity and the emails sent
       *     from it: another identity or email is a 404 `not_found`, as another tenant's is, lists leave them out,
       *     and creating an identity of another domain is a 403 `key_domain_mismatch`. The domain need not be an
       *     identity yet. Omitted: the key sends from any of the tenant's verified identities. A key restricted to a
       *     domain makes only keys restricted to it.
       */
      domain?: components['schemas']['Domain'];
    };
    ApiKeyFields: {
      id: components['schemas']['ApiKeyId'];
      name: string;
      permission: components['schemas']['Permission'];
      /** @description The only sending domain the key may send from; null when it may send from any. */
      domain: components['schemas']['Domain'] | null;
      /**
       * @description The member the key belongs to: the member who made it, or the member of the key that made it. Such a key
       *     does no more than the member's role allows now, and is revoked when the member is removed. Null: the key
       *     is nobody's (the tenant's first key, and the keys such a key makes).
       */
      memberId: components['schemas']['MemberId'] | null;
      /** @description The first 12 characters of the key (`mp_` and the start of the id); safe to show. */
      prefix: string;
      createdAt: components['schemas']['Timestamp'];
      /** @description Last successful authentication, to the minute; null when never used. */
      lastUsedAt: components['schemas']['NullableTimestamp'];
    };
    /** @description An API key, without its secret. */
    ApiKey: components['schemas']['ApiKeyFields'];
    /** @description A newly created API key with the full token in `key`, shown this once. */
    CreatedApiKey: components['schemas']['ApiKeyFields'] & {
      /** @description The full API key. */
      key: string;
    };
    ApiKeyList: {
      data: components['schemas']['ApiKey'][];
    };
    /** @description The caller of a request, an API key or a member. */
    Me: components['schemas']['KeyCaller'] | components['schemas']['MemberCaller'];
    /** @description An API key calling. */
    KeyCaller: {
      tenantId: components['schemas']['TenantId'];
      tenantName: string;
      /**
       * @description `key`: an API key.
       * @constant
       */
      type: 'key';
      id: components['schemas']['ApiKeyId'];
      /** @description The key's name. */
      name: string;
      permission: components['schemas']['Permission'];
    };
    /** @description A member calling with a session token. */
    MemberCaller: {
      tenantId: components['schemas']['TenantId'];
      tenantName: string;
      /**
       * @description `member`: a member signed in.
       * @constant
       */
      type: 'member';
      id: components['schemas']['MemberId'];
      /** @description The member's name. */
      name: string;
      email: components['schemas']['EmailAddress'];
      role: components['schemas']['Role'];
    };
    /** @description Member id. */
    MemberId: string;
    /**
     * @description What a member may do; the table is in `BearerAuth` and in the README.
     * @enum {string}
     */
    Role: 'owner' | 'admin' | 'developer' | 'billing' | 'viewer';
    /** @description How the member is named to people. */
    MemberName: string;
    /** @description At least 12 characters; stored only as a scrypt hash. */
    Password: string;
    /** @description A person of the tenant, who signs in with an email address and a password. */
    Member: {
      id: components['schemas']['MemberId'];
      email: components['schemas']['EmailAddress'];
      name: string;
      role: components['schemas']['Role'];
      createdAt: components['schemas']['Timestamp'];
    };
    MemberList: {
      data: components['schemas']['Member'][];
    };
    CreateMemberRequest: {
      email: components['schemas']['EmailAddress'];
      name: components['schemas']['MemberName'];
      role: components['schemas']['Role'];
      password?: components['schemas']['Password'];
    };
    UpdateMemberRequest: {
      name?: components['schemas']['MemberName'];
      role?: components['schemas']['Role'];
    };
    CreateOwnerRequest: {
      email: components['schemas']['EmailAddress'];
      name: components['schemas']['MemberName'];
      password: components['schemas']['Password'];
    };
    CreateSessionRequest: {
      email: components['schemas']['EmailAddress'];
      password: string;
      totpCode?: components['schemas']['TotpCode'];
      recoveryCode?: components['schemas']['RecoveryCode'];
    };
    /** @description A new session; `token` is shown this once. */
    CreatedSession: {
      /** @description The session token, a bearer credential. */
      token: string;
      expiresAt: components['schemas']['Timestamp'];
      member: components['schemas']['Member'];
    };
    /** @description Invitation id. */
    InvitationId: string;
    /** @description The token of a mailed link (its `token` query parameter). */
    LinkToken: string;
    /** @description An address invited to join the tenant with a role, until it accepts, is revoked or expires. */
    Invitation: {
      id: components['schemas']['InvitationId'];
      email: components['schemas']['EmailAddress'];
      role: components['schemas']['Role'];
      createdAt: components['schemas']['Timestamp'];
      expiresAt: components['schemas']['Timestamp'];
    };
    /** @description A new invitation; `acceptUrl` is shown this once, and only when no mail was sent. */
    CreatedInvitation: {
      id: components['schemas']['InvitationId'];
      email: components['schemas']['EmailAddress'];
      role: components['schemas']['Role'];
      createdAt: components['schemas']['Timestamp'];
      expiresAt: components['schemas']['Timestamp'];
      /** @description Whether the platform mailed the link to the invited address. */
      emailed: boolean;
      /**
       * Format: uri
       * @description The link, when it was not mailed: pass it on yourself.
       */
      acceptUrl?: string;
    };
    InvitationList: {
      data: components['schemas']['Invitation'][];
    };
    CreateInvitationRequest: {
      email: components['schemas']['EmailAddress'];
      role: components['schemas']['Role'];
    };
    AcceptInvitationRequest: {
      token: components['schemas']['LinkToken'];
      name: components['schemas']['MemberName'];
      password: components['schemas']['Password'];
    };
    EmailLinkRequest: {
      email: components['schemas']['EmailAddress'];
    };
    ConfirmPasswordResetRequest: {
      token: components['schemas']['LinkToken'];
      password: components['schemas']['Password'];
    };
    ConfirmSignInLinkRequest: {
      token: components['schemas']['LinkToken'];
      totpCode?: components['schemas']['TotpCode'];
      recoveryCode?: components['schemas']['RecoveryCode'];
    };
    /** @description The authenticator's current 6-digit code. */
    TotpCode: string;
    /** @description One of the recovery codes; each works once. */
    RecoveryCode: string;
    SecondFactor: {
      totpCode?: components['schemas']['TotpCode'];
      recoveryCode?: components['schemas']['RecoveryCode'];
    };
    /** @description A second factor being enrolled; `secret` and `otpauthUri` are shown this once. */
    TotpEnrollment: {
      /** @description The shared secret, base32, to type into an authenticator app. */
      secret: string;
      /** @description The same secret as an address (show it as a QR code). */
      otpauthUri: string;
    };
    TotpCodeRequest: {
      code: components['schemas']['TotpCode'];
    };
    /** @description Ten recovery codes, shown this once. */
    RecoveryCodes: {
      recoveryCodes: string[];
    };
    /** @description Audit record id. */
    AuditRecordId: string;
    /** @description Who made a change, as they were named at that moment. */
    AuditActor: {
      /**
       * @description `key`: an API key. `member`: a member signed in. `operator`: the back-office (admin token).
       * @enum {string}
       */
      type: 'key' | 'member' | 'operator';
      /** @description The key or member id; `operator` for the back-office. */
      id: string;
      /** @description The key's or member's name when the change was made. */
      name: string;
    };
    /**
     * @description One change, recorded with it; or one refused attempt, whose `changes.refused` says why (`wrong_password`,
     *     `wrong_second_factor` for a sign-in to the member `target`, whose actor is that member as claimed; `forbidden`,
     *     `restricted_api_key` for a caller refused an operation). Refusals are recorded at most once a minute per
     *     subject and operation.
     */
    AuditRecord: {
      id: components['schemas']['AuditRecordId'];
      at: components['schemas']['Timestamp'];
      actor: components['schemas']['AuditActor'];
      /** @description The client address the gateway saw; null when unknown. */
      ip: string | null;
      /** @description The request's `User-Agent`, up to 256 characters; null when none. */
      userAgent: string | null;
      /** @description The `X-Request-Id` of the request that made the change. */
      requestId: string;
      /** @description The operation of this document that made the change. */
      operationId: string;
      target: {
        /** @description What was changed: `apiKey`, `identity`, `inboundRoute`, `template`, `suppression`, `webhookEndpoint`, `member`… */
        type: string;
        /** @description Its id; a suppression's is the address, lowercased. */
        id: string;
      };
      /**
       * @description What changed, field by field, as the operation summarises it (a key's `name` and `permission`; a
       *     revocation's `revokedAt`). Secrets (keys, passwords, signing secrets, private keys) never appear.
       */
      changes: Record<string, unknown>;
    };
    AuditLogPage: {
      data: components['schemas']['AuditRecord'][];
      /** @description Pass as `cursor` (with the same filters) for the next, older page; null on the last page. */
      nextCursor: string | null;
    };
    /**
     * @description `bounced`: sent, then returned by the recipient's server in a delivery report (a DSN to the message's
     *     return path) saying it will never be delivered. `complained`: sent, then reported as spam by a recipient
     *     (an ARF report from a mailbox provider's feedback loop). Both follow `sent` and are final.
     *     `scheduled`: accepted with `scheduledAt`, waiting for its time. `canceled`: canceled while scheduled; never
     *     relayed. `queued`: accepted, waiting for the relay. `sending`: a worker holds it. `deferred`: a temporary failure
     *     (4xx or connection error), another attempt is scheduled. `sent`: the receiving MTA accepted it (2xx after
     *     DATA). `failed`: a permanent failure (5xx) or retries exhausted. `suppressed`: the recipient is on the
     *     suppression list; never relayed. Moves: queued → sending → sent | deferred | failed | suppressed; deferred →
     *     sending; a message is `suppressed` at acceptance, or at an attempt when its recipient was suppressed since. scheduled → queued (at its time) | canceled; sent → bounced | complained (by a report afterwards). `sent`,
     *     `failed`, `suppressed`, `canceled`, `bounced` and `complained` are final; only a report moves a sent one on.
     * @enum {string}
     */
    MessageStatus:
      'scheduled' | 'queued' | 'sending' | 'deferred' | 'sent' | 'failed' | 'suppressed' | 'canceled' | 'bounced' | 'complained';
    /**
     * @description `test` for messages sent by POST /emails/test, `system` for the platform's own mail (invitations, password resets, sign-in links) in the system sender's list, `standard` otherwise.
     * @enum {string}
     */
    MessageKind: 'standard' | 'test' | 'system';
    /**
     * @description An RFC 5322 field name (printable ASCII without `:`), at most 76 characters, and none of the headers the
     *     platform sets itself or that only a hop or a verifier adds (case-insensitive): From, To, Cc, Bcc, Subject,
     *     Reply-To, Sender, Date, Message-ID, MIME-Version, Content-Type, Content-Transfer-Encoding, DKIM-Signature,
     *     List-Unsubscribe, List-Unsubscribe-Post, Return-Path, Received, Received-SPF, Authentication-Results, and any
     *     name starting with Resent-, ARC- or X-Mailplane-.
     */
    HeaderName: string;
    /** @description A label to filter and report on; names should be unique within a message. */
    Tag: {
      name: string;
      value: string;
    };
    /** @description Up to 20 string values of your own, returned on GET /emails/{id} and in events; never put in the message. */
    Metadata: {
      [key: string]: string;
    };
    Attachment: {
      /** @description File name without a path. */
      filename: string;
      /**
       * Format: byte
       * @description The bytes, base64 (standard alphabet, no line breaks).
       */
      content: string;
      /** @description Media type; guessed from the file name when omitted. */
      contentType?: string;
      /**
       * @description Makes the file an inline part of the HTML, which shows it with `<img src="cid:<contentId>">` (printable
       *     ASCII without spaces, `<` or `>`; the message carries it as `Content-ID: <contentId>`).
       */
      contentId?: string;
    };
    /**
     * @description One message to up to 50 recipients in all (`to`, `cc` and `bcc` together; more is a 400 at `/body/to`),
     *     rendered and DKIM-signed once. Either its own content (`subject` and at least one of `text`, not empty,
     *     and `html`) or a stored `template` with its `variables` (then `subject`, `text` and `html` are not
     *     allowed). An HTML-only message goes out as `multipart/alternative` with a plain-text part derived from the
     *     HTML (links kept as `text [url]`, images dropped); send `text: ""` with `html` to opt out and send the HTML
     *     alone.
     */
    SendEmailRequest: {
      /** @description Sender; its domain must be a verified identity of the tenant. */
      from: components['schemas']['Mailbox'];
      /** @description One recipient, or a list of them (the To header lists them all, in order). */
      to: components['schemas']['Recipients'];
      /** @description Copy recipients, listed in the Cc header. */
      cc?: components['schemas']['Recipients'];
      /** @description Blind-copy recipients; in the SMTP envelope only, never in a header anyone receives. */
      bcc?: components['schemas']['Recipients'];
      subject?: string;
      /** @description Plain-text body. Omitted with `html`: derived from the HTML. Empty (`""`) with `html`: no plain-text part. */
      text?: string;
      /** @description HTML body. */
      html?: string;
      replyTo?: components['schemas']['Mailbox'];
      /** @description Custom headers added to the message. Values have no CR or LF. */
      headers?: {
        [key: string]: string;
      };
      tags?: components['schemas']['Tag'][];
      metadata?: components['schemas']['Metadata'];
      /** @description At most 10, and at most 10 MiB in total after base64 decoding. */
      attachments?: components['schemas']['Attachment'][];
      /** @description Identity to sign with; by default the identity of the From domain. */
      identityId?: components['schemas']['IdentityId'];
      scheduledAt?: components['schemas']['ScheduleTime'];
      /**
       * @description A template of yours, by id or alias. Its published version (or `templateVersion`) is rendered with
       *     `variables` when the send is accepted; the message records which version it used. A template or version
       *     that does not exist, or has nothing published, is a 400 `template_unavailable`; a variable the template
       *     requires and `variables` lacks is a 400 `template_variables_missing` naming it
       *     (`/body/variables/name`); a render that fails is a 400 `template_render_failed`. Nothing is stored then.
       */
      template?: string;
      /** @description An earlier published version to use instead. */
      templateVersion?: number;
      variables?: components['schemas']['TemplateVariables'];
      /**
       * @description Open and click tracking for this message; each one omitted follows the identity's setting (both off by
       *     default). Asking for tracking when neither the identity's tracking domain is verified nor the platform
       *     has a default tracking host is a 400 `tracking_domain_unverified`.
       */
      tracking?: components['schemas']['TrackingSettings'];
    };
    /**
     * Format: date-time
     * @description When to send, RFC 3339 (`2026-12-01T09:00:00Z`, or with an offset): in the future and at most 30 days from
     *     now, else 400 `validation_failed` at this field. The message goes to the outbox at that time, within a
     *     second (the outbox sweeper's period); a time within that second is as good as now.
     */
    ScheduleTime: string;
    UpdateEmailRequest: {
      scheduledAt: components['schemas']['ScheduleTime'];
    };
    SendEmailBatchRequest: components['schemas']['SendEmailRequest'][];
    SendEmailBatchResult: {
      /** @description One entry per email of the request, in its order. */
      data: (components['schemas']['SendResult'] | components['schemas']['BatchItemError'])[];
    };
    /** @description An email of the batch refused on its own; nothing was stored or counted for it. */
    BatchItemError: {
      error: components['schemas']['Problem'];
    };
    SendTestEmailRequest: {
      to: components['schemas']['Mailbox'];
      identityId?: components['schemas']['IdentityId'];
      /** @description Default "Mailplane test email". */
      subject?: string;
    };
    SendResult: {
      id: components['schemas']['MessageId'];
      /**
       * @description `scheduled` when sent with `scheduledAt`; `suppressed` when the recipient is on the suppression list:
       *     accepted but never relayed.
       * @enum {string}
       */
      status: 'queued' | 'scheduled' | 'suppressed';
      kind: components['schemas']['MessageKind'];
      createdAt: components['schemas']['Timestamp'];
      /** @description With `scheduled`: when it goes out. */
      scheduledAt?: components['schemas']['Timestamp'];
    };
    EmailSummaryFields: {
      id: components['schemas']['MessageId'];
      kind: components['schemas']['MessageKind'];
      status: components['schemas']['MessageStatus'];
      identityId: components['schemas']['IdentityId'];
      from: string;
      to: string;
      subject: string;
      tags: components['schemas']['Tag'][];
      createdAt: components['schemas']['Timestamp'];
      updatedAt: components['schemas']['Timestamp'];
      /** @description The time it was (or is) scheduled for; null for a message sent at once. */
      scheduledAt: components['schemas']['NullableTimestamp'];
    };
    /** @description A message as listed. */
    EmailSummary: components['schemas']['EmailSummaryFields'];
    DeliveryAttempt: {
      at: components['schemas']['Timestamp'];
      /** @enum {string} */
      outcome: 'sent' | 'deferred' | 'failed';
      /** @description The MTA's reply code; null when no reply (connection error). */
      smtpCode: number | null;
      /** @description The MTA's reply text, or the connection error. */
      response: string;
      /** @description When deferred: the next attempt. */
      nextAttemptAt?: components['schemas']['Timestamp'];
    };
    /** @description A message with its delivery attempts. */
    Email: components['schemas']['EmailSummaryFields'] & {
      template: components['schemas']['MessageTemplate'];
      tracking: components['schemas']['TrackingState'];
      engagement: components['schemas']['Engagement'];
      /** @description Every recipient (`to`, then `cc`, then `bcc`) and where its delivery stands. */
      recipients: components['schemas']['EmailRecipient'][];
      /** @description Delivery reports and complaints received about the message after it was sent, oldest first. */
      reports: components['schemas']['EmailReport'][];
      replyTo: string | null;
      metadata: {
        [key: string]: string;
      };
      /** @description When the MTA accepted it. */
      sentAt: components['schemas']['NullableTimestamp'];
      /** @description Oldest first. */
      attempts: components['schemas']['DeliveryAttempt'][];
      /** @description The custom headers sent with the message (kept as long as the message). */
      headers: {
        [key: string]: string;
      };
      /** @description What was sent, while the body is retained; null once retention deleted it (`bodyPurgedAt` says when). */
      body: components['schemas']['EmailBody'] | null;
      /** @description From then on, once the message is final, retention may delete its body; null for messages accepted before body retention. */
      bodyExpiresAt: components['schemas']['NullableTimestamp'];
      /** @description When retention deleted the body; null while it is kept. */
      bodyPurgedAt: components['schemas']['NullableTimestamp'];
    };
    /**
     * @description One recipient's delivery. `pending`: not attempted yet, or deferred (another attempt is due); `sent`: the
     *     MTA accepted it for this address; `failed`: refused for this address (at RCPT or after DATA) or retries
     *     exhausted; `suppressed`: on the suppression list, never mailed; `canceled`: the message was canceled.
     */
    EmailRecipient: {
      /** @description The address, as given (without the display name). */
      email: string;
      /** @description The display name, when one was given. */
      name: string | null;
      /** @enum {string} */
      kind: 'to' | 'cc' | 'bcc';
      /** @enum {string} */
      status: 'pending' | 'sent' | 'failed' | 'suppressed' | 'canceled';
      /** @description The MTA's last reply code for this address; null before any. */
      smtpCode: number | null;
      /** @description The MTA's last reply text for this address. */
      response: string | null;
    };
    /**
     * @description A report received on the message's return path. `bounce`: a delivery status notification (RFC 3464) with
     *     `Action: failed`; `delay`: one saying delivery is still being tried (no change to the message);
     *     `complaint`: an abuse report (RFC 5965 ARF).
     */
    EmailReport: {
      /** @enum {string} */
      kind: 'bounce' | 'delay' | 'complaint';
      at: components['schemas']['Timestamp'];
      /** @description The recipient the report is about. */
      recipient: string;
      /** @description The DSN status code (`5.1.1`); the feedback type (`abuse`) of a complaint. */
      status: string | null;
      /** @description The remote server's diagnostic, when given (truncated to 500 characters). */
      diagnostic: string | null;
    };
    /**
     * @description The body as the sender gave it (with a template: as rendered, before tracking rewrote any link). `text` is null when only HTML was sent (the plain-text part was derived
     *     from the HTML when the message was built) and `""` when the sender opted out of that part. Attachments
     *     are described, never returned.
     */
    EmailBody: {
      text: string | null;
      html: string | null;
      attachments: components['schemas']['AttachedFile'][];
      /** @description With a template, the variables it was rendered with; they go when the body goes. */
      variables?: Record<string, unknown>;
    };
    AttachedFile: {
      filename: string;
      /** @description As sent: the given media type, or the one guessed from the file name. */
      contentType: string;
      /** @description Bytes, after base64 decoding. */
      size: number;
    };
    EmailList: {
      data: components['schemas']['EmailSummary'][];
      /** @description Matches across all pages; with `q`, at most 10,100 (see `q`). */
      total: number;
      limit: number;
      offset: number;
    };
    CreateIdentityRequest: {
      domain: components['schemas']['Domain'];
      /**
       * @description DKIM selector; the public key is published at `<selector>._domainkey.<domain>`.
       * @default mp1
       */
      selector?: string;
      /**
       * @description Also receive mail at the domain (POST /identities/{id}/inbound); a platform subdomain always does.
       * @default false
       */
      inbound?: boolean;
      /**
       * @description A subdomain of `domain` (e.g. `send.example.com`) for the envelope sender (MAIL FROM) of its messages, so
       *     that SPF aligns with DMARC. Its `returnPath` records (an MX to the platform's bounce host and an SPF
       *     TXT) are listed in `dnsRecords`. None by default: the operator's bounce domain is used. Not under
       *     `domain`: 400 `validation_failed` at `/body/returnPathDomain`.
       */
      returnPathDomain?: components['schemas']['Domain'];
    };
    DnsRecord: {
      /**
       * @description `dkim` is required to send; `spf` and `dmarc` are advisory; `tracking` (a CNAME, with a tracking domain)
       *     lets tracked links use the tracking domain; `mx` (only when receiving) is required to receive;
       *     `returnPath` (an MX and an SPF TXT on the return path domain, with one) lets its messages' envelope
       *     sender use that domain.
       * @enum {string}
       */
      purpose: 'dkim' | 'spf' | 'dmarc' | 'tracking' | 'mx' | 'returnPath';
      /** @enum {string} */
      type: 'TXT' | 'CNAME' | 'MX';
      /** @description Fully qualified record name, e.g. `mp1._domainkey.example.com`. */
      name: string;
      /** @description The record value to publish, e.g. `v=DKIM1; k=rsa; p=…`. */
      value: string;
      /**
       * @description `unchecked` before the first check; `found` as expected; `missing` no such record; `mismatch` a record exists with another value.
       * @enum {string}
       */
      status: 'unchecked' | 'found' | 'missing' | 'mismatch';
      /** @description MX records only: the preference to publish with `value`. */
      priority?: number;
      /**
       * @description `dkim` records only: the signing algorithm of the key it publishes (`k=rsa` or `k=ed25519`, RFC 8463).
       * @enum {string}
       */
      algorithm?: 'rsa-sha256' | 'ed25519-sha256';
      /**
       * @description `dkim` records only. `current`: the key the identity signs with (an Ed25519 key once its record is
       *     found). `pending`: a new key, not used until a verify finds this record (a rotation, or Ed25519 just
       *     enabled). `retiring`: the key signed with before the last rotation; keep it published until
       *     `removableAfter`.
       * @enum {string}
       */
      keyState?: 'current' | 'pending' | 'retiring';
      /** @description `retiring` records only: from this time the record may be deleted from DNS (mail signed with its key has had 7 days to arrive). */
      removableAfter?: components['schemas']['Timestamp'];
    };
    /** @description A sending domain. The DKIM private key never appears in any response. */
    Identity: {
      id: components['schemas']['IdentityId'];
      /** @description Whether its messages track opens and clicks unless a send says otherwise; both off by default. */
      tracking: components['schemas']['TrackingState'];
      /** @description The host of its tracked links once its `tracking` record is found; null when it has none. */
      trackingDomain: string | null;
      domain: components['schemas']['Domain'];
      /** @description The selector of the RSA key it signs with now. */
      selector: string;
      /**
       * @description The DKIM signatures every message carries: `rsa-sha256` always; with `ed25519-sha256` (RFC 8463), a second
       *     signature beside it once a verify found the Ed25519 record (receivers that do not know Ed25519 ignore it).
       */
      dkimAlgorithms: components['schemas']['DkimAlgorithm'][];
      /**
       * @description `pending` until the first check; `verified` when the last check found the DKIM record; `failed` when it did not.
       * @enum {string}
       */
      status: 'pending' | 'verified' | 'failed';
      dnsRecords: components['schemas']['DnsRecord'][];
      createdAt: components['schemas']['Timestamp'];
      verifiedAt: components['schemas']['NullableTimestamp'];
      lastCheckedAt: components['schemas']['NullableTimestamp'];
      /** @description Receiving at this domain; null when it does not receive. */
      inbound?: components['schemas']['InboundState'] | null;
      /** @description The return path domain set on it (as in the request), whatever its state; null when it has none. */
      returnPathDomain: string | null;
      /** @description The identity's own return path domain and its state; null when it has none. */
      returnPath: components['schemas']['ReturnPathState'] | null;
      /** @description Whether DKIM and SPF would align with DMARC for the From domain, as of the last check; null before one. */
      alignment: components['schemas']['DmarcAlignment'] | null;
    };
    /**
     * @example ed25519-sha256
     * @enum {string}
     */
    DkimAlgorithm: 'rsa-sha256' | 'ed25519-sha256';
    DkimRotationRequest: {
      /**
       * @description Which key to rotate.
       * @default rsa-sha256
       */
      algorithm?: components['schemas']['DkimAlgorithm'];
    };
    /**
     * @description `pending` until a check; `verified` when the last check found both `returnPath` records (and the identity's
     *     DKIM record): messages leave with `MAIL FROM:<bounces+…@domain>`; `failed` when it did not (the operator's
     *     bounce domain is used).
     */
    ReturnPathState: {
      domain: components['schemas']['Domain'];
      /** @enum {string} */
      status: 'pending' | 'verified' | 'failed';
      lastCheckedAt: components['schemas']['NullableTimestamp'];
    };
    /**
     * @description Relaxed DMARC alignment for the identity's domain as From domain. `dkim`: the DKIM record is found and its
     *     `d=` domain is the From domain or its organisational domain. `spf`: the return path domain is verified and
     *     is under the From domain's organisational domain.
     */
    DmarcAlignment: {
      dkim: boolean;
      spf: boolean;
    };
    IdentityList: {
      data: components['schemas']['Identity'][];
      total: number;
      limit: number;
      offset: number;
    };
    /**
     * @description Receiving at the identity's domain. `pending` until a check; `verified` when the MX record points at
     *     `mxHost` and the identity is verified (a platform subdomain is verified at once); `failed` when the last
     *     check did not find both; `taken` when another tenant already receives for the domain.
     */
    InboundState: {
      /** @enum {string} */
      status: 'pending' | 'verified' | 'failed' | 'taken';
      /** @description The host the MX record names: where the platform receives. */
      mxHost: string;
      /** @description A subdomain of the platform (`<slug>.<INBOUND_DOMAIN>`): nothing to publish. */
      platformSubdomain: boolean;
      verifiedAt: components['schemas']['NullableTimestamp'];
    };
    /**
     * @description `support@example.com` (exact), `support+*@example.com` (any local part starting with `support+`) or
     *     `*@example.com` (any); the local part is matched without regard to case.
     */
    AddressPattern: string;
    /**
     * @description `webhook`: store and announce `email.received` (to `endpointId` alone when given). `hold`: store only (read
     *     it with GET /inbound/messages). `reject`: answer RCPT with `code` and `message`.
     */
    InboundAction: {
      /** @enum {string} */
      type: 'webhook' | 'hold' | 'reject';
      /** @description With `webhook`: deliver only to this endpoint (it must subscribe to `email.received` or `*`). */
      endpointId?: components['schemas']['WebhookEndpointId'] | null;
      /**
       * @description With `reject` (required): the SMTP reply code; 4xx asks the sender to retry later.
       * @enum {integer}
       */
      code?: 450 | 451 | 452 | 550 | 551 | 552 | 553 | 554;
      /** @description With `reject`: the reply text (printable ASCII); `Recipient refused` when absent. */
      message?: string;
    } & unknown;
    CreateInboundRouteRequest: {
      pattern: components['schemas']['AddressPattern'];
      action: components['schemas']['InboundAction'];
      /**
       * @description Refuse (550 5.7.26) what fails authentication.
       * @default false
       */
      refuseUnauthenticated?: boolean;
      description?: string;
    };
    UpdateInboundRouteRequest: {
      pattern?: components['schemas']['AddressPattern'];
      action?: components['schemas']['InboundAction'];
      refuseUnauthenticated?: boolean;
      description?: string | null;
    };
    InboundRoute: {
      id: components['schemas']['InboundRouteId'];
      pattern: components['schemas']['AddressPattern'];
      action: components['schemas']['InboundAction'];
      refuseUnauthenticated: boolean;
      description: string | null;
      createdAt: components['schemas']['Timestamp'];
      updatedAt: components['schemas']['Timestamp'];
    };
    InboundRouteList: {
      data: components['schemas']['InboundRoute'][];
      total: number;
      limit: number;
      offset: number;
    };
    /** @description What a received message's summary and the full message share (closed by each of them). */
    InboundMessageFields: {
      id: components['schemas']['InboundMessageId'];
      routeId: components['schemas']['InboundRouteId'];
      /**
       * @description What the routes did with it when it arrived: `webhook` when one of them was a `webhook` route.
       * @enum {string}
       */
      action: 'webhook' | 'hold';
      /** @description The first of `recipients` (RCPT TO); `routeId` is its route. */
      recipient: string;
      /**
       * @description The tenant's envelope recipients of the message, each with the route that took it. A message to several of
       *     the tenant's addresses is stored and counted once, and `email.received` goes out once per `webhook` route.
       */
      recipients: {
        address: string;
        routeId: components['schemas']['InboundRouteId'];
        /** @enum {string} */
        action: 'webhook' | 'hold';
      }[];
      /** @description The From header as written (display name and address). */
      from: string;
      subject: string;
      receivedAt: components['schemas']['Timestamp'];
      /** @description The tenant's sent message this one replies to (In-Reply-To or References), if any. */
      inReplyToEmailId: components['schemas']['MessageId'] | null;
      attachmentCount: number;
    };
    /** @description A received message as lists show it. */
    InboundMessageSummary: components['schemas']['InboundMessageFields'];
    /**
     * @description A received message: the record, and `body` (what `email.received` carried: addresses, text, HTML, the
     *     reply without its quote, headers, authentication, attachments with fresh links) while the body is kept.
     */
    InboundMessage: components['schemas']['InboundMessageFields'] & {
      envelope: components['schemas']['SmtpEnvelope'];
      /** @description How many times in a row this came back from the platform itself (loop detection). */
      hops: number;
      bodyPurgedAt: components['schemas']['NullableTimestamp'];
      body: components['schemas']['EmailReceived'] | null;
    };
    InboundMessageList: {
      data: components['schemas']['InboundMessageSummary'][];
      total: number;
      limit: number;
      offset: number;
    };
    /**
     * @description Outbound event types. `email.queued`: accepted and written to the outbox. `email.sent`: the receiving MTA
     *     accepted the message (2xx after DATA) — not a proof of inbox delivery. `email.deferred`: temporary failure,
     *     retry scheduled. `email.failed`: permanent failure or retries exhausted. `email.suppressed`: recipient on
     *     the suppression list, never relayed. `email.scheduled`: accepted (or rescheduled) with `scheduledAt`, waiting
     *     for its time; `email.queued` follows at that time. `email.canceled`: canceled while scheduled. `email.bounced`: a delivery report
     *     after sending said a recipient's server will never deliver it. `email.complained`: a recipient reported it as
     *     spam. `email.opened` / `email.clicked`: with open or click tracking on, the message's image was fetched or a
     *     link followed (machine fetches flagged `machine: true`).
     *     `recipient.unsubscribed`: a recipient unsubscribed and was added to
     *     the suppression list. `identity.verified` / `identity.failed`: a DNS check changed the identity's status.
     *     `identity.dkim_rotation_proposed`: the identity's DKIM key is older than the platform's `DKIM_ROTATE_DAYS`; a
     *     new key is pending, its record listed to publish (POST /identities/{id}/dkim/rotate).
     *     `endpoint.disabled`: another of the tenant's endpoints was disabled automatically (see the `event` webhook).
     *     `email.received`: a message arrived at one of the tenant's receiving domains and a `webhook` route took it.
     *     `sending.review` / `sending.paused` / `sending.resumed`: the tenant's sending status changed (GET /reputation).
     * @enum {string}
     */
    EventType:
      | 'email.queued'
      | 'email.sent'
      | 'email.deferred'
      | 'email.failed'
      | 'email.suppressed'
      | 'email.scheduled'
      | 'email.canceled'
      | 'email.bounced'
      | 'email.complained'
      | 'email.opened'
      | 'email.clicked'
      | 'recipient.unsubscribed'
      | 'identity.verified'
      | 'identity.failed'
      | 'identity.dkim_rotation_proposed'
      | 'endpoint.disabled'
      | 'email.received'
      | 'sending.review'
      | 'sending.paused'
      | 'sending.resumed';
    /** @description The event types to deliver; `*` for every type, present and future. */
    EventTypeFilter: (
      | 'email.queued'
      | 'email.sent'
      | 'email.deferred'
      | 'email.failed'
      | 'email.suppressed'
      | 'email.scheduled'
      | 'email.canceled'
      | 'email.bounced'
      | 'email.complained'
      | 'email.opened'
      | 'email.clicked'
      | 'recipient.unsubscribed'
      | 'identity.verified'
      | 'identity.failed'
      | 'identity.dkim_rotation_proposed'
      | 'endpoint.disabled'
      | 'email.received'
      | 'sending.review'
      | 'sending.paused'
      | 'sending.resumed'
      | '*'
    )[];
    /**
     * Format: uri
     * @description Where deliveries are POSTed. `https://` only; `http://` is accepted for localhost, 127.0.0.1 and [::1]
     *     only, and only when the webhooks service runs in sandbox mode (otherwise a 400 `validation_failed`).
     *     Outside the sandbox a delivery connects only to public unicast addresses: every range of the IANA IPv4
     *     and IPv6 special-purpose address registries is refused (private, loopback, link-local, shared, benchmark,
     *     documentation, 6to4, Teredo, NAT64 local-use, …), and so are multicast and IPv4 addresses written in
     *     IPv6 (mapped, NAT64 `64:ff9b::/96`, ISATAP) whose IPv4 address is refused. No proxy is used. A host
     *     that does not resolve and one that resolves only to refused addresses fail the attempt with the same
     *     `error`, so the delivery log does not tell them apart.
     */
    WebhookUrl: string;
    CreateWebhookEndpointRequest: {
      url: components['schemas']['WebhookUrl'];
      eventTypes: components['schemas']['EventTypeFilter'];
      /** @default  */
      description?: string;
      /** @default false */
      disabled?: boolean;
    };
    /** @description The fields to change; at least one. */
    UpdateWebhookEndpointRequest: {
      url?: components['schemas']['WebhookUrl'];
      eventTypes?: components['schemas']['EventTypeFilter'];
      description?: string;
      disabled?: boolean;
    };
    WebhookEndpointFields: {
      id: components['schemas']['WebhookEndpointId'];
      url: string;
      eventTypes: components['schemas']['EventTypeFilter'];
      description: string;
      /** @description A disabled endpoint receives nothing. */
      disabled: boolean;
      createdAt: components['schemas']['Timestamp'];
      updatedAt: components['schemas']['Timestamp'];
    };
    /** @description `whsec_` + base64 of 32 random bytes (Standard Webhooks); the HMAC key is the decoded bytes. */
    WebhookSecret: string;
    /** @description A webhook endpoint, without its secret. */
    WebhookEndpoint: components['schemas']['WebhookEndpointFields'];
    /** @description A new endpoint with its signing secret, shown this once. */
    CreatedWebhookEndpoint: components['schemas']['WebhookEndpointFields'] & {
      secret: components['schemas']['WebhookSecret'];
    };
    WebhookEndpointList: {
      data: components['schemas']['WebhookEndpoint'][];
      total: number;
      limit: number;
      offset: number;
    };
    RotatedSecret: {
      secret: components['schemas']['WebhookSecret'];
      /** @description Until then deliveries are signed with both the new and the previous secret. */
      previousSecretExpiresAt: components['schemas']['Timestamp'];
    };
    /**
     * @description `pending`: an attempt is due or scheduled. `succeeded`: the endpoint answered 2xx. `failed`: the retries
     *     ran out, or the endpoint answered 410 Gone. `cancelled`: the endpoint was disabled or deleted while the
     *     delivery was pending. A redelivery puts a settled delivery back to `pending`.
     * @enum {string}
     */
    WebhookDeliveryStatus: 'pending' | 'succeeded' | 'failed' | 'cancelled';
    WebhookDeliveryAttempt: {
      at: components['schemas']['Timestamp'];
      /** @description The endpoint's HTTP status; null when none came (refused, timeout, connection error). */
      statusCode: number | null;
      /** @description From sending the request to the end of the answer read. */
      durationMs: number;
      /**
       * @description The first 4096 bytes of the response body, decoded as UTF-8 (a character cut at the limit becomes
       *     U+FFFD); null when no answer came. Shown only to the endpoint's tenant.
       */
      responseBody: string | null;
      /** @description The body was longer than 4096 bytes. */
      responseBodyTruncated: boolean;
      /** @description Why no HTTP answer came (timeout, refused connection, private address). */
      error: string | null;
    };
    WebhookDeliveryFields: {
      id: components['schemas']['WebhookDeliveryId'];
      endpointId: components['schemas']['WebhookEndpointId'];
      eventId: components['schemas']['EventId'];
      eventType: components['schemas']['EventType'];
      status: components['schemas']['WebhookDeliveryStatus'];
      /** @description Oldest first. */
      attempts: components['schemas']['WebhookDeliveryAttempt'][];
      /** @description When pending: when the next attempt is due (later than the schedule says while the endpoint is paused or busy). Null once settled. */
      nextAttemptAt: components['schemas']['NullableTimestamp'];
      /** @description The last redelivery or replay asked for; null when none was. */
      redeliveredAt: components['schemas']['NullableTimestamp'];
      createdAt: components['schemas']['Timestamp'];
      updatedAt: components['schemas']['Timestamp'];
    };
    /** @description One event for one endpoint, with its attempts. */
    WebhookDelivery: components['schemas']['WebhookDeliveryFields'];
    /** @description A delivery with the event it carries, as POSTed to the endpoint. */
    WebhookDeliveryDetail: components['schemas']['WebhookDeliveryFields'] & {
      event: components['schemas']['WebhookEvent'];
    };
    WebhookDeliveryList: {
      data: components['schemas']['WebhookDelivery'][];
      total: number;
      limit: number;
      offset: number;
    };
    ReplayWebhookDeliveriesRequest: {
      /** @description Deliveries created at or after this instant. */
      since: components['schemas']['Timestamp'];
    };
    ReplayResult: {
      /** @description Deliveries put back to pending by this call. */
      queued: number;
      /** @description More failed or cancelled deliveries remain after the ones queued. */
      hasMore: boolean;
      /** @description When `hasMore`: the `since` of the next call; null otherwise. */
      nextSince: components['schemas']['NullableTimestamp'];
    };
    /** @description The body of an outbound delivery. `data` depends on `type` (see schemas/events.json). */
    WebhookEvent: {
      id: components['schemas']['EventId'];
      type: components['schemas']['EventType'];
      createdAt: components['schemas']['Timestamp'];
      data: Record<string, unknown>;
    } & (unknown &
      unknown &
      unknown &
      unknown &
      unknown &
      unknown &
      unknown &
      unknown &
      unknown &
      unknown &
      unknown &
      unknown &
      unknown &
      unknown &
      unknown);
    AddSuppressionRequest: {
      email: components['schemas']['EmailAddress'];
      /**
       * @default manual
       * @enum {string}
       */
      reason?: 'manual' | 'bounced' | 'unsubscribed' | 'complained';
    };
    Suppression: {
      /** @description Lowercased address. */
      email: string;
      /**
       * @description `unsubscribed` by the recipient; `manual` added through the API; `bounced` after a hard bounce (the
       *     receiving MTA said the address does not exist: 5.1.x, at the time or in a delivery report afterwards);
       *     `complained` after a spam complaint from the recipient's mailbox provider.
       * @enum {string}
       */
      reason: 'unsubscribed' | 'manual' | 'bounced' | 'complained';
      createdAt: components['schemas']['Timestamp'];
      /** @description The message that caused it (unsubscribe link, bounce); null when added through the API. */
      messageId: string | null;
    };
    Reputation: {
      /** @enum {string} */
      status: 'healthy' | 'under_review' | 'paused';
      /** @description bounced / attempted; 0 with nothing attempted. */
      bounceRate: number;
      /** @description complained / sent; 0 with nothing sent. */
      complaintRate: number;
      attempted: number;
      bounced: number;
      complained: number;
      sent: number;
      windowDays: number;
      thresholds: components['schemas']['ReputationThresholds'];
      /**
       * Format: date-time
       * @description When the status last changed (or was first seen).
       */
      since: string;
      /** @description Why the status is what it is: the rate and threshold, or the operator's reason. */
      reason: string | null;
      identities: {
        identityId: string;
        /** @description Null for an identity deleted since. */
        domain: string | null;
        bounceRate: number;
        complaintRate: number;
        attempted: number;
      }[];
    };
    EmailStats: {
      /**
       * Format: date
       * @description The first day (UTC).
       */
      from: string;
      /**
       * Format: date
       * @description The last day (UTC): today.
       */
      to: string;
      days: components['schemas']['DayStats'][];
    };
    DayStats: {
      /** Format: date */
      date: string;
      /** @description Messages accepted (test emails included). */
      accepted: number;
      /** @description Messages the receiving MTA accepted. */
      sent: number;
      /** @description Attempts that failed temporarily and were rescheduled. */
      deferred: number;
      /** @description Messages the receiving side refused for good, during the SMTP transaction (5xx) or by a later bounce report. */
      bounced: number;
      /** @description Messages given up after the last retry. */
      failed: number;
      /** @description Complaints (spam reports) about messages. */
      complained: number;
      /** @description Messages not relayed because the recipient is suppressed. */
      suppressed: number;
      /** @description Addresses added to the suppression list, by any reason. */
      suppressionsAdded: number;
      /** @description Messages opened by a person for the first time (tracked messages only). */
      opened: number;
      /** @description Messages whose links a person followed for the first time. */
      clicked: number;
      /** @description Opens flagged as machines (Apple Mail Privacy Protection, prefetchers), never counted in `opened`. */
      machineOpens: number;
    };
    SuppressionList: {
      data: components['schemas']['Suppression'][];
      total: number;
      limit: number;
      offset: number;
    };
    /** @description Template id. */
    TemplateId: string;
    /** @description A name of your own for the template, unique among your templates (lowercase letters, digits and `-`, at most 64). */
    TemplateAlias: string;
    /** @description Liquid source of the subject; it must render without a line break. */
    TemplateSubject: string;
    /** @description Liquid source, at most 512 KiB. */
    TemplateBody: string;
    /**
     * @description At least one of `html` and `text`. Variables are written `{{ name }}` (`{{ order.total }}`,
     *     `{% for item in items %}`…), escaped for HTML in `html` and left as they are in `subject` and `text`.
     *     Without `text`, sends derive the plain-text part from the rendered HTML.
     */
    CreateTemplateRequest: {
      /** @description A label for people. */
      name: string;
      alias?: components['schemas']['TemplateAlias'];
      subject: components['schemas']['TemplateSubject'];
      html?: components['schemas']['TemplateBody'];
      text?: components['schemas']['TemplateBody'];
    };
    /** @description The fields to change; at least one. Content fields change the draft. */
    UpdateTemplateRequest: {
      name?: string;
      alias?: components['schemas']['TemplateAlias'] | null;
      subject?: components['schemas']['TemplateSubject'];
      html?: components['schemas']['TemplateBody'] | null;
      text?: components['schemas']['TemplateBody'] | null;
    };
    TemplateContent: {
      subject: string;
      html: string | null;
      text: string | null;
    };
    TemplateFields: {
      id: components['schemas']['TemplateId'];
      name: string;
      alias: string | null;
      /** @description The version sends use; null until the first publish. */
      publishedVersion: number | null;
      /** @description The draft differs from the published version (or nothing is published). */
      hasUnpublishedChanges: boolean;
      createdAt: components['schemas']['Timestamp'];
      updatedAt: components['schemas']['Timestamp'];
    };
    /** @description A template as listed. */
    TemplateSummary: components['schemas']['TemplateFields'];
    /** @description A template with its draft and the variables the draft references. */
    Template: components['schemas']['TemplateFields'] & {
      draft: components['schemas']['TemplateContent'];
      /** @description The top-level variables the draft references, in order of first use. */
      variables: string[];
    };
    TemplateList: {
      data: components['schemas']['TemplateSummary'][];
      total: number;
      limit: number;
      offset: number;
    };
    /** @description A published version; it never changes. */
    TemplateVersion: {
      templateId: components['schemas']['TemplateId'];
      version: number;
      subject: string;
      html: string | null;
      text: string | null;
      publishedAt: components['schemas']['Timestamp'];
    };
    TemplateVersionList: {
      data: components['schemas']['TemplateVersion'][];
      total: number;
      limit: number;
      offset: number;
    };
    /**
     * @description The model a template is rendered with: any JSON values (`{ "name": "Ada", "items": [{ "title": "…" }] }`).
     *     Only their own fields are visible to the template, nothing else of the platform.
     */
    TemplateVariables: Record<string, unknown>;
    RenderTemplateRequest: {
      /** @description A published version to render; the draft when omitted. */
      version?: number;
      variables?: components['schemas']['TemplateVariables'];
    };
    TemplateIssue: {
      /** @enum {string} */
      field: 'subject' | 'html' | 'text';
      /** @description In the field's source; null when the failure has no place. */
      line: number | null;
      column: number | null;
      message: string;
    };
    RenderedTemplate: {
      /** @description The version rendered; null for the draft. */
      version: number | null;
      /** @description A send with these variables would be accepted. */
      valid: boolean;
      /** @description Rendered; missing variables render empty; null when it failed. */
      subject: string | null;
      html: string | null;
      /** @description The text part a send would carry (derived from the HTML when the template has no text). */
      text: string | null;
      /** @description Top-level variables the version references. */
      variables: string[];
      /** @description Required and not given (outside an `if` condition or a `default` filter), by path (`order.total`). */
      missingVariables: string[];
      /** @description Given and never referenced. */
      unusedVariables: string[];
      errors: components['schemas']['TemplateIssue'][];
    };
    /** @description The template and version the message was rendered from; null for a message sent with its own content. */
    MessageTemplate: {
      id: components['schemas']['TemplateId'];
      alias: string | null;
      version: number;
    } | null;
    TrackingSettings: {
      /** @description Add an open-tracking image to the HTML. */
      opens?: boolean;
      /** @description Rewrite the links of the HTML to tracked redirects. */
      clicks?: boolean;
    };
    TrackingState: {
      opens: boolean;
      clicks: boolean;
    };
    /**
     * @description Opens and clicks recorded for the message (all recipients of a message share its links). `opens` and
     *     `clicks` count people; `machineOpens` and `machineClicks` the fetches flagged as machines (Apple Mail
     *     Privacy Protection, scanners, prefetchers), which the first/last times ignore.
     */
    Engagement: {
      opens: number;
      machineOpens: number;
      clicks: number;
      machineClicks: number;
      firstOpenedAt: components['schemas']['NullableTimestamp'];
      lastOpenedAt: components['schemas']['NullableTimestamp'];
      firstClickedAt: components['schemas']['NullableTimestamp'];
      lastClickedAt: components['schemas']['NullableTimestamp'];
    };
    UpdateIdentityRequest: {
      tracking?: components['schemas']['TrackingSettings'];
      /** @description A host under the identity's domain for tracked links; null removes it. */
      trackingDomain?: components['schemas']['Domain'] | null;
      /**
       * @description A subdomain of the identity's domain for its messages' envelope sender; null removes it. A new one is
       *     `pending` (the operator's bounce domain is used) until a verify finds its `returnPath` records.
       */
      returnPathDomain?: components['schemas']['Domain'] | null;
      /**
       * @description The DKIM signatures to carry; `rsa-sha256` must be among them (a 400 `validation_failed` at
       *     `/body/dkimAlgorithms` otherwise, nothing changed). Adding `ed25519-sha256` makes an Ed25519 key and lists
       *     its `dkim` record (`k=ed25519`, its own selector `<selector>-ed25519`) as `pending`: messages carry the
       *     second signature once a verify finds it. Removing it deletes the Ed25519 key and its record at once.
       * @example [
       *       "rsa-sha256",
       *       "ed25519-sha256"
       *     ]
       */
      dkimAlgorithms?: components['schemas']['DkimAlgorithm'][];
    };
    /** @description Opaque signed token; its format belongs to the mail service. */
    UnsubscribeToken: string;
    /** @description RFC 8058 one-click body, optionally with the token. Extra fields are ignored. */
    UnsubscribeForm: {
      /** @constant */
      'List-Unsubscribe'?: 'One-Click';
      token?: components['schemas']['UnsubscribeToken'];
    };
    UnsubscribeRequest: {
      token: components['schemas']['UnsubscribeToken'];
    };
    UnsubscribeConfirmation: {
      /** @constant */
      unsubscribed: true;
      /** @description The address, masked: first character of the local part, `***`, `@domain` (`j***@example.com`). */
      email: string;
    };
    CheckoutRequest: {
      /** @description Billing contact; resolved by the server when absent. */
      email?: components['schemas']['EmailAddress'];
      /** @description Billing contact name; resolved by the server when absent. */
      name?: string;
      /** @description One of the ids GET /billing/checkout-methods returns for the plan; the provider's own selection screen decides when omitted. */
      paymentMethod?: string;
      plan: components['schemas']['PlanId'];
      /**
       * Format: uri
       * @description Where the customer lands after paying; the configured default when omitted.
       */
      successUrl?: string;
    };
    CheckoutResult: {
      /**
       * Format: uri
       * @description The provider's hosted checkout; redirect the customer there (GET).
       */
      checkoutUrl: string;
      /** @description The provider's payment id (`tr_…`). */
      paymentId: string;
      plan: components['schemas']['PlanId'];
      /** @description When the checkout stops accepting payment, when the provider says. */
      expiresAt?: components['schemas']['Timestamp'];
    };
    CheckoutMethods: {
      plan: components['schemas']['PlanId'];
      methods: {
        /** @description Pass as `paymentMethod` to POST /billing/checkout. */
        id: string;
        description: string;
        /** Format: uri */
        imageUrl?: string;
      }[];
    };
    QuoteRequest: {
      /** @description The larger tier to move to. */
      plan: components['schemas']['PlanId'];
    };
    Quote: {
      plan: components['schemas']['PlanId'];
      currentPlan: components['schemas']['PlanId'];
      /** @description Owed today for the rest of the period; 0 means granted without a charge. */
      amountCents: components['schemas']['Cents'];
      currency: components['schemas']['Currency'];
      /** @description End of the current paid period. */
      periodEnd: components['schemas']['Timestamp'];
      /** @description True when `amountCents` is above `prorationFloorCents`. */
      consentRequired: boolean;
      /** @description Amounts up to this need no explicit consent (50). */
      prorationFloorCents: components['schemas']['Cents'];
    };
    UpgradeRequest: {
      /** @description The larger tier to move to. */
      plan: components['schemas']['PlanId'];
      /** @description The `amountCents` of the quote the customer agreed to. */
      acceptedCents: components['schemas']['Cents'];
      /**
       * @description The amount was shown and agreed to; required above the proration floor.
       * @default false
       */
      consented?: boolean;
    };
    UpgradeResult: {
      plan: components['schemas']['PlanId'];
      chargedCents: components['schemas']['Cents'];
      currency: components['schemas']['Currency'];
      effectiveAt: components['schemas']['Timestamp'];
      /** @description The provider payment of the charge; null when nothing was charged. */
      paymentId: string | null;
    };
    DowngradeRequest: {
      /** @description The smaller paid tier to move to (not `free`). */
      plan: components['schemas']['PlanId'];
    };
    DowngradeResult: {
      /** @description The current tier, unchanged until `effectiveAt`. */
      plan: components['schemas']['PlanId'];
      scheduledPlan: components['schemas']['PlanId'];
      /** @description The next renewal. */
      effectiveAt: components['schemas']['Timestamp'];
    };
    CancelResult: {
      /** @description The paid period keeps entitling until then. */
      accessUntil: components['schemas']['Timestamp'];
      /** @constant */
      hasSubscription: true;
      /** @constant */
      cancelAtPeriodEnd: true;
    };
    BillingState: {
      /** @description True while an entitling paid subscription exists (`active` or `past_due`). */
      hasSubscription: boolean;
      /** @description The tier paid for, the tier granted from the back-office, or `free`. */
      plan: components['schemas']['PlanId'];
      /**
       * @description True while the tier is a back-office grant: nothing was paid, `hasSubscription` is false, `status` is that
       *     of the paid subscription (if any ever was), and `currentPeriodEnd` is when the grant ends (null: until
       *     taken back).
       */
      granted: boolean;
      /** @description This calendar month's sending as POST /emails counts it; null when the mail service cannot be asked. */
      usage: null | components['schemas']['MonthlyUsage'];
      /**
       * @description `none`: never subscribed. `active`: paid up (see `cancelAtPeriodEnd`). `past_due`: a renewal payment
       *     failed; still entitling until `fixUntil`. `canceled`: ended by cancellation; back on free. `lapsed`:
       *     ended because a failed payment was not fixed in time; back on free.
       * @enum {string}
       */
      status: 'none' | 'active' | 'past_due' | 'canceled' | 'lapsed';
      paymentFailed: boolean;
      /** @description When `paymentFailed`: the last moment to fix the payment before the subscription lapses. */
      fixUntil: components['schemas']['NullableTimestamp'];
      currentPeriodEnd: components['schemas']['NullableTimestamp'];
      cancelAtPeriodEnd: boolean;
      scheduledChange: null | {
        /** @constant */
        kind: 'downgrade';
        plan: components['schemas']['PlanId'];
        effectiveAt: components['schemas']['Timestamp'];
      };
      /** @description Emails per calendar month (UTC) the tier allows. */
      monthlyEmailQuota: number;
    };
    MonthlyUsage: {
      /** @description Emails counted against this month's quota so far (test emails are not). */
      used: number;
      /** @description The quota POST /emails enforces now. */
      limit: number;
      /** @description When the count starts again: the next month, UTC. */
      resetAt: components['schemas']['Timestamp'];
      /** @description Received messages this month (one per accepted recipient) and the plan's limit; beyond it the inbound listener answers 452 4.2.2. */
      inbound?: {
        used: number;
        limit: number;
      };
    };
    GrantRequest: {
      /** @description A zero-priced plan of the catalogue. */
      plan: components['schemas']['PlanId'];
      /** @description When the grant ends; until taken back when absent. */
      until?: components['schemas']['Timestamp'];
    };
    LedgerEntry: {
      /** @enum {string} */
      kind: 'charge' | 'refund' | 'grant';
      /** @description The provider's id: the payment (`tr_…`) of a charge or grant, the refund (`re_…`); null for a grant without payment. */
      providerId: string | null;
      paymentId: string | null;
      amountCents: components['schemas']['Cents'];
      currency: components['schemas']['Currency'];
      plan: string | null;
      /** @enum {string} */
      source: 'checkout' | 'upgrade' | 'back-office';
      at: components['schemas']['Timestamp'];
      /**
       * @description Charges only.
       * @enum {string}
       */
      outcome?: 'pending' | 'granted' | 'refund_due' | 'refunded';
    };
    TenantBilling: {
      tenantId: components['schemas']['TenantId'];
      state: components['schemas']['BillingState'];
      ledger: {
        chargedCents: components['schemas']['Cents'];
        refundedCents: components['schemas']['Cents'];
        grantedCents: components['schemas']['Cents'];
        /** @description charged − refunded = granted. */
        balanced: boolean;
        /** @description Paid charges neither granted nor refunded yet (being repaired). */
        unsettled: number;
        /** @description Oldest first. */
        entries: components['schemas']['LedgerEntry'][];
      };
    };
    Plan: {
      id: components['schemas']['PlanId'];
      name: string;
      priceCents: components['schemas']['Cents'];
      /** @constant */
      interval: 'month';
      /** @description False for zero-priced plans and whenever the catalogue is degraded. */
      purchasable: boolean;
      /** @description The hub's price id; absent when the catalogue is degraded. */
      priceId?: string;
      monthlyEmailQuota: number;
    };
    Catalogue: {
      /** @description True when the hub could not be reached and the last catalogue is replayed. */
      degraded: boolean;
      currency: components['schemas']['Currency'];
      /** @description Cheapest first. */
      plans: components['schemas']['Plan'][];
    };
    /** @description A lifecycle event of the billing hub; verified and parsed by billing, not by the gateway. */
    HubEvent: {
      id: string;
      type: string;
    };
    /** @description A payment notification; only `id` is read, everything else is re-fetched. */
    PaymentNotification: {
      id: string;
    };
    Health: {
      /** @enum {string} */
      status: 'ok' | 'degraded';
      services: {
        billing: components['schemas']['ServiceHealth'];
        mail: components['schemas']['ServiceHealth'];
        webhooks: components['schemas']['ServiceHealth'];
      };
    };
    /** @enum {string} */
    ServiceHealth: 'up' | 'down';
    Readiness: {
      /** @enum {string} */
      status: 'ready';
      checks: components['schemas']['ReadinessChecks'];
    };
    /** @description One entry per dependency, `<service>.store` and `<service>.broker`; `<service>.accepting` (down) while the process drains. */
    ReadinessChecks: {
      [key: string]: components['schemas']['ServiceHealth'];
    };
    CreateTenantRequest: {
      name: string;
      /**
       * @description A sandbox tenant for local development and tests.
       * @default false
       */
      sandbox?: boolean;
    };
    TenantList: {
      data: {
        tenantId: components['schemas']['TenantId'];
        name: string;
        sandbox: boolean;
        createdAt: components['schemas']['Timestamp'];
      }[];
      total: number;
      limit: number;
      offset: number;
    };
    CreatedTenant: {
      tenantId: components['schemas']['TenantId'];
      name: string;
      apiKey: components['schemas']['CreatedApiKey'];
    };
    ReputationThresholds: {
      bounceReview: number;
      bouncePause: number;
      complaintReview: number;
      complaintPause: number;
      minVolume: number;
    };
    /** @description What the sending server said in the SMTP transaction. */
    SmtpEnvelope: {
      /** @description MAIL FROM; empty for a null sender (a bounce). */
      from: string;
      /** @description Every RCPT TO the platform accepted in the transaction. */
      to: string[];
      /** @description The sending server's IP address. */
      clientAddress: string;
      /** @description The name it gave in EHLO/HELO. */
      helo: string | null;
      /** @description Whether the transaction ran over STARTTLS. */
      tls: boolean;
    };
    /** Format: date-time */
    '$defs-Timestamp': string;
    '$defs-Mailbox': {
      address: string;
      name: string | null;
    };
    '$defs-MessageId': string;
    /** @description SPF, DKIM and DMARC of the message as received, computed by the platform (mailauth) against DNS. */
    Authentication: {
      spf: {
        /** @enum {unknown} */
        result: 'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'temperror' | 'permerror' | 'policy';
        /** @description The MAIL FROM (or HELO) domain checked. */
        domain: string | null;
      };
      /** @description One entry per DKIM-Signature. */
      dkim: {
        /** @enum {unknown} */
        result: 'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'temperror' | 'permerror' | 'policy';
        domain: string | null;
        selector: string | null;
        /** @description Its domain aligns with the From domain (relaxed). */
        aligned: boolean;
      }[];
      dmarc: {
        /** @enum {unknown} */
        result: 'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'temperror' | 'permerror' | 'policy';
        /** @description The published p= (none, quarantine, reject); null without a record. */
        policy: string | null;
        /** @description The From domain. */
        domain: string | null;
      };
      /** @description DMARC passed, or (no DMARC policy) SPF or DKIM passed aligned with the From domain. What `refuseUnauthenticated` routes require. */
      authenticated: boolean;
    };
    ReceivedAttachment: {
      filename: string | null;
      /** @description As the sender declared it. */
      contentType: string;
      /** @description Bytes, decoded. */
      size: number;
      /** @description For inline parts referenced from the HTML (`cid:`). */
      contentId: string | null;
      /** @description A signed link to the bytes (no key needed), valid until expiresAt; always served as application/octet-stream. */
      url: string;
      expiresAt: components['schemas']['$defs-Timestamp'];
    };
    /** @description email.received: a message arrived at one of the tenant's receiving domains and a `webhook` route took it. One event per accepted recipient. The bytes of attachments stay in the platform (links expire; the body is deleted with BODY_RETENTION_DAYS). */
    EmailReceived: {
      /** @description The received message (GET /inbound/messages/{id}). */
      inboundId: string;
      routeId: string;
      /** @description The only endpoint it goes to, when the route names one. */
      endpointId: string | null;
      receivedAt: components['schemas']['$defs-Timestamp'];
      envelope: components['schemas']['SmtpEnvelope'];
      /** @description The accepted RCPT TO this event is for. */
      recipient: string;
      from: components['schemas']['$defs-Mailbox'] | null;
      to: components['schemas']['$defs-Mailbox'][];
      cc: components['schemas']['$defs-Mailbox'][];
      replyTo: components['schemas']['$defs-Mailbox'][];
      subject: string;
      /** @description The Date header; null when absent or unreadable. */
      date: components['schemas']['$defs-Timestamp'] | null;
      /** @description The Message-ID header, with its angle brackets. */
      internetMessageId: string | null;
      /** @description The In-Reply-To header. */
      inReplyTo: string | null;
      /** @description The message ids of the References header, oldest first. */
      references: string[];
      /** @description The tenant's sent message this one replies to (In-Reply-To, else References), if any. */
      inReplyToEmailId: components['schemas']['$defs-MessageId'] | null;
      text: string | null;
      html: string | null;
      /** @description The text without the quoted message it replies to and without the signature. */
      strippedText: string | null;
      /** @description True when the message's text and HTML together are larger than `INBOUND_EVENT_CONTENT_BYTES` (256 KiB by default): the event then carries `text`, `html` and `strippedText` as null, and GET /inbound/messages/{inboundId} has them. Always false in that answer. */
      contentOmitted: boolean;
      /** @description Every header, in order, unfolded. */
      headers: {
        name: string;
        value: string;
      }[];
      authentication: components['schemas']['Authentication'];
      attachments: components['schemas']['ReceivedAttachment'][];
      /** @description How many times in a row this came back from the platform itself. */
      hops: number;
    };
    '$defs-IdentityId': string;
    EmailFields: {
      messageId: components['schemas']['$defs-MessageId'];
      /** @enum {unknown} */
      kind: 'standard' | 'test' | 'system';
      identityId: components['schemas']['$defs-IdentityId'];
      from: string;
      to: string;
      subject: string;
      tags: {
        name: string;
        value: string;
      }[];
      metadata: {
        [key: string]: string;
      };
    };
    /** @description email.queued, email.suppressed and email.canceled: the message as accepted. */
    EmailEvent: components['schemas']['EmailFields'];
    /** @description email.sent: the receiving MTA answered 2xx to DATA. */
    EmailSent: components['schemas']['EmailFields'] & {
      attempt: number;
      smtpCode: number;
      response: string;
      sentAt: components['schemas']['$defs-Timestamp'];
    };
    /** @description email.deferred: a temporary failure; another attempt at nextAttemptAt. */
    EmailDeferred: components['schemas']['EmailFields'] & {
      attempt: number;
      /** @description null for a connection error. */
      smtpCode: number | null;
      response: string;
      nextAttemptAt: components['schemas']['$defs-Timestamp'];
    };
    /** @description email.failed: a permanent failure, or retries exhausted. */
    EmailFailed: components['schemas']['EmailFields'] & {
      attempt: number;
      smtpCode: number | null;
      response: string;
      /**
       * @description rejected: a 5xx answer; retries_exhausted: only temporary failures until the last attempt.
       * @enum {unknown}
       */
      reason: 'rejected' | 'retries_exhausted';
    };
    /** @description email.scheduled: accepted or rescheduled with scheduledAt; email.queued follows at that time. */
    EmailScheduled: components['schemas']['EmailFields'] & {
      scheduledAt: components['schemas']['$defs-Timestamp'];
    };
    /** @description email.bounced and email.complained: a report received after the message was sent. */
    EmailReported: components['schemas']['EmailFields'] & {
      recipient: string;
      reportStatus: string | null;
      diagnostic: string | null;
    };
    EngagementFields: {
      /** @description The recipient, for a message to one address; null when several share the message's links. */
      recipient: string | null;
      /** @description As the fetch sent it (truncated to 512 characters). */
      userAgent: string | null;
      /** @description The first time a person (not a machine) opened the message, or followed one of its links. */
      first: boolean;
      /** @description The evidence says a machine fetched it; not counted as a person's open or click. */
      machine: boolean;
      /**
       * @description apple_mail_privacy: Apple's Mail Privacy Protection proxy; prefetcher: an image proxy fetching on delivery; scanner: a link checker or bot by its user agent; too_soon: seconds after delivery.
       * @enum {unknown}
       */
      machineReason: 'apple_mail_privacy' | 'prefetcher' | 'scanner' | 'too_soon' | null;
    };
    /** @description email.opened: the message's open-tracking image was fetched. */
    EmailOpened: components['schemas']['EmailFields'] &
      components['schemas']['EngagementFields'] & {
        openedAt: components['schemas']['$defs-Timestamp'];
      };
    /** @description email.clicked: a tracked link of the message was followed. */
    EmailClicked: components['schemas']['EmailFields'] &
      components['schemas']['EngagementFields'] & {
        /** @description The link's own URL, where the click was sent. */
        url: string;
        clickedAt: components['schemas']['$defs-Timestamp'];
      };
    /** @description recipient.unsubscribed: the address was added to the suppression list by its owner. */
    RecipientUnsubscribed: {
      /** @description Lowercased address. */
      email: string;
      /** @description The message whose link was used. */
      messageId: components['schemas']['$defs-MessageId'] | null;
    };
    /** @description identity.verified and identity.failed: a DNS check changed the identity's status. */
    IdentityChecked: {
      identityId: components['schemas']['$defs-IdentityId'];
      domain: string;
      /** @enum {unknown} */
      status: 'verified' | 'failed';
      checkedAt: components['schemas']['$defs-Timestamp'];
    };
    /**
     * @description identity.dkim_rotation_proposed: the identity's DKIM key is older than DKIM_ROTATE_DAYS; a new key is pending under `selector`, its record to publish, and the identity signs with `currentSelector` until a verify finds it. An identity that signs Ed25519 gets a pending Ed25519 key with it (`ed25519Selector`).
     * @example {
     *       "identityId": "idn_01jd8r3m2k4e6f7g8h9j0k1m2n",
     *       "domain": "example.com",
     *       "selector": "mp2",
     *       "currentSelector": "mp1",
     *       "ed25519Selector": null,
     *       "keyCreatedAt": "2026-05-01T10:00:00.000Z",
     *       "proposedAt": "2026-11-02T10:00:00.000Z"
     *     }
     */
    DkimRotationProposed: {
      identityId: components['schemas']['$defs-IdentityId'];
      domain: string;
      /** @description The pending key's selector: publish `<selector>._domainkey.<domain>`. */
      selector: string;
      currentSelector: string;
      /** @description The pending Ed25519 key's selector when the identity signs Ed25519 and had no Ed25519 rotation pending; null otherwise. */
      ed25519Selector: string | null;
      keyCreatedAt: components['schemas']['$defs-Timestamp'];
      proposedAt: components['schemas']['$defs-Timestamp'];
    };
    /** @description endpoint.disabled: one of the tenant's endpoints was disabled automatically, because it answered 410 Gone (reason gone) or because every attempt to it failed for WEBHOOK_DISABLE_AFTER, 5 days by default (reason failing). Delivered to the tenant's other endpoints; enable it again with PATCH /webhooks/endpoints/{id}, then replay what it missed. */
    EndpointDisabled: {
      endpointId: string;
      url: string;
      /** @enum {unknown} */
      reason: 'gone' | 'failing';
      /** @description The first failed attempt after the last success (null for a 410 on an endpoint that was not failing). */
      failingSince: components['schemas']['$defs-Timestamp'] | null;
      disabledAt: components['schemas']['$defs-Timestamp'];
    };
    /** @description sending.review, sending.paused and sending.resumed: the tenant's sending status changed, for its rates over the window (GET /reputation) or by an operator (reason says which). */
    SendingStatusChanged: {
      /** @enum {unknown} */
      status: 'healthy' | 'under_review' | 'paused';
      /** @enum {unknown} */
      previousStatus: 'healthy' | 'under_review' | 'paused';
      reason: string | null;
      bounceRate: number;
      complaintRate: number;
      attempted: number;
      bounced: number;
      complained: number;
      windowDays: number;
      thresholds: components['schemas']['ReputationThresholds'];
      since: components['schemas']['$defs-Timestamp'];
    };
  };
  responses: {
    /** @description Done; no body. */
    NoContent: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content?: never;
    };
    /**
     * @description `validation_failed` (with `errors[]`, one per offending field), `malformed_json`, `body_too_deep` or
     *     `body_too_complex` (see the input limits in the conventions), or an operation-specific 400 code named in
     *     the operation's description.
     */
    BadRequest: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description `unauthorized`: the credentials are missing, malformed, unknown, revoked or expired. `restricted_api_key`: a
     *     key whose permission does not allow the route (a sending key off the sending routes, any key on
     *     `members.write`). `totp_required`: on a sign-in, the password (or link) was right and the member's second
     *     factor is missing.
     */
    Unauthorized: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description `not_found` (unknown id, or another tenant's resource), or `no_subscription` on billing routes. */
    NotFound: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The conflict code named in the operation's description. */
    Conflict: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The well-formed request cannot be honoured; the code is named in the operation's description. */
    Unprocessable: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description `billing_not_configured`, or `billing_unavailable` (the hub or the provider cannot be reached). */
    BillingUnavailable: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description `link_invalid`: the link's token is unknown, already used, revoked or expired; one answer for all four, which
     *     tells nothing of which. Ask for a new link.
     */
    LinkInvalid: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description Taken; a link is mailed if the address is a member's (the answer is the same either way). */
    LinkRequested: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content?: never;
    };
    /**
     * @description `rate_limited`: 5 links were asked for this email address, or 30 from this client address (an IPv6 one by its
     *     /64), within 15 minutes; more are refused until `Retry-After` seconds have passed.
     */
    LinkRequestsThrottled: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        'Retry-After': components['headers']['RetryAfter'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description `rate_limited`: this tenant made its invitations of the last 24 hours, or this address was invited its
     *     invitations of the hour (by every tenant together); more are refused until `Retry-After` seconds have passed.
     */
    InvitationsThrottled: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        'Retry-After': components['headers']['RetryAfter'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description `rate_limited`: this client address (an IPv6 one by its /64) or this email address failed to sign in 10 times
     *     within 15 minutes; every sign-in from it or to it is refused, the right password included, until `Retry-After`
     *     seconds have passed.
     */
    SignInThrottled: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        'Retry-After': components['headers']['RetryAfter'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description `rate_limited`: this member gave 5 wrong authenticator or recovery codes within 15 minutes turning their second
     *     factor on or off; every such code is refused, the right one included, until `Retry-After` seconds have passed.
     */
    SecondFactorThrottled: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        'Retry-After': components['headers']['RetryAfter'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description `rate_limited`: this client address (an IPv6 one by its /64) failed the admin token 10 times within a
     *     minute; every admin request from it is refused, the right token included, until `Retry-After` seconds
     *     have passed.
     */
    AdminThrottled: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        'Retry-After': components['headers']['RetryAfter'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description `internal`: an unexpected failure; the body never carries internal details. */
    Internal: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description Cross-cutting problems any operation may answer, and only these (`x-statuses`): 403 `forbidden` (on a bearer
     *     route, a member whose role does not grant its `x-permission`), 413 `payload_too_large`,
     *     415 `unsupported_media_type` (also for a `Content-Encoding` other than `identity`, with
     *     `Accept-Encoding: identity`), 431 `headers_too_large`, 500 `internal`, 501 `not_implemented`,
     *     503 `service_unavailable`, `service_busy` (nothing was done; retry after `Retry-After`) and
     *     `outcome_unknown` (a state-changing request was handed over and its answer lost; retry it with the
     *     same Idempotency-Key to learn the outcome), 504 `service_timeout` (a read got no answer in time).
     */
    Default: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description Gateway-level failures of an inbound webhook, and only these (`x-statuses`): 413 too large, 415 a media
     *     type or `Content-Encoding` the operation does not take, 500 not applied, 503 billing unreachable,
     *     504 billing too slow; the caller retries.
     */
    DefaultText: {
      headers: {
        'X-Request-Id': components['headers']['XRequestId'];
        [name: string]: unknown;
      };
      content: {
        'text/plain': string;
      };
    };
  };
  parameters: {
    /** @description Only changes made by this API key or member. */
    AuditActorId: string;
    /** @description Only changes to this resource (any prefixed id, `key_…`, `idn_…`, `whe_…`; a suppression's address). */
    AuditTargetId: string;
    /** @description Only changes made by this operation of this document (`createApiKey`, `revokeApiKey`). */
    AuditOperationId: string;
    /**
     * @description Only changes made at or after this instant (inclusive), RFC 3339. With `to`, it must be earlier than `to`
     *     (else 400 `validation_failed` at `/query/from`).
     */
    AuditFrom: string;
    /** @description Only changes made before this instant (exclusive), RFC 3339. */
    AuditTo: string;
    /** @description The `nextCursor` of the previous page (or the cursor in `Link`); absent for the first page. */
    AuditCursor: string;
    /** @description Page size. Outside 1–100 is a 400 (never clamped). */
    Limit: number;
    /** @description Items to skip. Outside 0–10000 is a 400 (never clamped); page deeper with filters. */
    Offset: number;
    /** @description The tenant id. */
    TenantIdPath: components['schemas']['TenantId'];
    /** @description The member id. */
    MemberId: components['schemas']['MemberId'];
    /** @description The invitation id. */
    InvitationId: components['schemas']['InvitationId'];
    /** @description The API key id. */
    KeyId: components['schemas']['ApiKeyId'];
    /** @description The message id. */
    EmailId: components['schemas']['MessageId'];
    /** @description The identity id. */
    IdentityIdPath: components['schemas']['IdentityId'];
    /** @description The inbound route id. */
    InboundRouteIdPath: components['schemas']['InboundRouteId'];
    /** @description The received message id. */
    InboundMessageIdPath: components['schemas']['InboundMessageId'];
    /** @description The template id. */
    TemplateIdPath: components['schemas']['TemplateId'];
    /** @description The opaque, signed token of a tracked link or open image; its format belongs to the mail service. */
    TrackingToken: string;
    /** @description The webhook endpoint id. */
    EndpointId: components['schemas']['WebhookEndpointId'];
    /** @description The webhook delivery id. */
    DeliveryId: components['schemas']['WebhookDeliveryId'];
    /**
     * @description A unique key for safely retrying this request, kept 24 hours per tenant. 1–255 printable ASCII
     *     characters (a UUID is recommended). The structured-field form with surrounding double quotes is accepted;
     *     the quotes are not part of the key.
     */
    IdempotencyKey: string;
    /** @description The opaque, signed unsubscribe token from the message. */
    UnsubscribeToken: components['schemas']['UnsubscribeToken'];
    /** @description The unsubscribe token, as in the `List-Unsubscribe` URL (or send it in the body). */
    UnsubscribeTokenOptional: components['schemas']['UnsubscribeToken'];
  };
  requestBodies: never;
  headers: {
    /**
     * @description The request id: the caller's `X-Request-Id` when it matches `^[A-Za-z0-9._:-]{1,64}$`, else a fresh `req_…`.
     *     The same value is in problem bodies (`requestId`), logs and broker messages (`correlationId`).
     */
    XRequestId: string;
    /** @description How long a browser or cache may keep the answer. */
    CacheControl: string;
    /** @description Where to go next. */
    Location: string;
    /** @description Seconds to wait before retrying (delay-seconds, never an HTTP-date). */
    RetryAfter: number;
    /** @description Seconds to wait before retrying (delay-seconds), on a refusal for a limit only. */
    RetryAfterWhenLimited: number;
    /** @description The rate-limit policy (draft-ietf-httpapi-ratelimit-headers), e.g. `"send";q=10;w=1`. */
    RateLimitPolicy: string;
    /** @description The remaining quota of the policy, e.g. `"send";r=0;t=1` (`t` in seconds until more quota). */
    RateLimit: string;
    /** @description `true` when this response is the stored result of an earlier request with the same Idempotency-Key. */
    IdempotentReplayed: 'true';
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listApiKeys: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The active keys, newest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  createApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateApiKeyRequest'];
      };
    };
    responses: {
      /** @description The created key, including the full token in `key` (shown once). */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedApiKey'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  revokeApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The API key id. */
        id: components['parameters']['KeyId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['NoContent'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  getMe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The caller. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Me'];
        };
      };
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  startTotpEnrollment: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The secret and its address, shown once. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TotpEnrollment'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  disableTotp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SecondFactor'];
      };
    };
    responses: {
      204: components['responses']['NoContent'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      429: components['responses']['SecondFactorThrottled'];
      default: components['responses']['Default'];
    };
  };
  confirmTotpEnrollment: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TotpCodeRequest'];
      };
    };
    responses: {
      /** @description The recovery codes, shown once. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RecoveryCodes'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      429: components['responses']['SecondFactorThrottled'];
      default: components['responses']['Default'];
    };
  };
  createSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateSessionRequest'];
      };
    };
    responses: {
      /** @description The session, with its token (shown once), and the member. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedSession'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      429: components['responses']['SignInThrottled'];
      default: components['responses']['Default'];
    };
  };
  deleteCurrentSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['NoContent'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  listMembers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The members. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemberList'];
        };
      };
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  createMember: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateMemberRequest'];
      };
    };
    responses: {
      /** @description The member. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Member'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  removeMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The member id. */
        id: components['parameters']['MemberId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['NoContent'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  updateMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The member id. */
        id: components['parameters']['MemberId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateMemberRequest'];
      };
    };
    responses: {
      /** @description The member as changed. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Member'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  listInvitations: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The pending invitations. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvitationList'];
        };
      };
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  createInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateInvitationRequest'];
      };
    };
    responses: {
      /** @description The invitation; `acceptUrl` only when it was not mailed. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedInvitation'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      409: components['responses']['Conflict'];
      429: components['responses']['InvitationsThrottled'];
      default: components['responses']['Default'];
    };
  };
  revokeInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The invitation id. */
        id: components['parameters']['InvitationId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['NoContent'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  acceptInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AcceptInvitationRequest'];
      };
    };
    responses: {
      /** @description The session, with its token (shown once), and the new member. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedSession'];
        };
      };
      400: components['responses']['BadRequest'];
      409: components['responses']['Conflict'];
      410: components['responses']['LinkInvalid'];
      default: components['responses']['Default'];
    };
  };
  requestPasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EmailLinkRequest'];
      };
    };
    responses: {
      202: components['responses']['LinkRequested'];
      400: components['responses']['BadRequest'];
      429: components['responses']['LinkRequestsThrottled'];
      default: components['responses']['Default'];
    };
  };
  confirmPasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ConfirmPasswordResetRequest'];
      };
    };
    responses: {
      204: components['responses']['NoContent'];
      400: components['responses']['BadRequest'];
      410: components['responses']['LinkInvalid'];
      default: components['responses']['Default'];
    };
  };
  requestSignInLink: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EmailLinkRequest'];
      };
    };
    responses: {
      202: components['responses']['LinkRequested'];
      400: components['responses']['BadRequest'];
      429: components['responses']['LinkRequestsThrottled'];
      default: components['responses']['Default'];
    };
  };
  confirmSignInLink: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ConfirmSignInLinkRequest'];
      };
    };
    responses: {
      /** @description The session, with its token (shown once), and the member. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedSession'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      410: components['responses']['LinkInvalid'];
      default: components['responses']['Default'];
    };
  };
  listAuditLog: {
    parameters: {
      query?: {
        /** @description Only changes made by this API key or member. */
        actorId?: components['parameters']['AuditActorId'];
        /** @description Only changes to this resource (any prefixed id, `key_…`, `idn_…`, `whe_…`; a suppression's address). */
        targetId?: components['parameters']['AuditTargetId'];
        /** @description Only changes made by this operation of this document (`createApiKey`, `revokeApiKey`). */
        operationId?: components['parameters']['AuditOperationId'];
        /**
         * @description Only changes made at or after this instant (inclusive), RFC 3339. With `to`, it must be earlier than `to`
         *     (else 400 `validation_failed` at `/query/from`).
         */
        from?: components['parameters']['AuditFrom'];
        /** @description Only changes made before this instant (exclusive), RFC 3339. */
        to?: components['parameters']['AuditTo'];
        /** @description The `nextCursor` of the previous page (or the cursor in `Link`); absent for the first page. */
        cursor?: components['parameters']['AuditCursor'];
        /** @description Page size. Outside 1–100 is a 400 (never clamped). */
        limit?: components['parameters']['Limit'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of audit records, newest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditLogPage'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  exportAuditLog: {
    parameters: {
      query?: {
        /** @description Only changes made by this API key or member. */
        actorId?: components['parameters']['AuditActorId'];
        /** @description Only changes to this resource (any prefixed id, `key_…`, `idn_…`, `whe_…`; a suppression's address). */
        targetId?: components['parameters']['AuditTargetId'];
        /** @description Only changes made by this operation of this document (`createApiKey`, `revokeApiKey`). */
        operationId?: components['parameters']['AuditOperationId'];
        /**
         * @description Only changes made at or after this instant (inclusive), RFC 3339. With `to`, it must be earlier than `to`
         *     (else 400 `validation_failed` at `/query/from`).
         */
        from?: components['parameters']['AuditFrom'];
        /** @description Only changes made before this instant (exclusive), RFC 3339. */
        to?: components['parameters']['AuditTo'];
        /** @description The `nextCursor` of the previous page (or the cursor in `Link`); absent for the first page. */
        cursor?: components['parameters']['AuditCursor'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Up to 5,000 records, one JSON object per line, each line ending in `\n`. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          /** @description `</audit-log/export?…&cursor=…>; rel="next"` while more records follow. */
          Link?: string;
          [name: string]: unknown;
        };
        content: {
          'application/x-ndjson': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  listEmails: {
    parameters: {
      query?: {
        /** @description Only messages sent through this identity. */
        identityId?: components['schemas']['IdentityId'];
        /** @description Only messages in this status. */
        status?: components['schemas']['MessageStatus'];
        /**
         * @description Only messages with this address among their `to`, `cc` or `bcc` recipients (case-insensitive, exact
         *     address). Messages accepted before multi-recipient sends are matched on their one `to` address by `q`.
         */
        recipient?: components['schemas']['EmailAddress'];
        /**
         * @description Case-insensitive substring of the subject or of the To header's addresses. With `q`, the list's `total`
         *     counts matches up to 10,100 (the deepest position `offset` + `limit` can reach) and stops there.
         */
        q?: string;
        /**
         * @description Only messages created at or after this instant (inclusive), RFC 3339. With `to`, it must be earlier than
         *     `to` (else 400 `validation_failed` at `/query/from`): an empty or reversed range is a mistake, not a page.
         */
        from?: string;
        /** @description Only messages created before this instant (exclusive), RFC 3339; a leap second is the next second. */
        to?: string;
        /** @description Page size. Outside 1–100 is a 400 (never clamped). */
        limit?: components['parameters']['Limit'];
        /** @description Items to skip. Outside 0–10000 is a 400 (never clamped); page deeper with filters. */
        offset?: components['parameters']['Offset'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of message summaries. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EmailList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  sendEmail: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description A unique key for safely retrying this request, kept 24 hours per tenant. 1–255 printable ASCII
         *     characters (a UUID is recommended). The structured-field form with surrounding double quotes is accepted;
         *     the quotes are not part of the key.
         */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SendEmailRequest'];
      };
    };
    responses: {
      /** @description Accepted and queued (or scheduled, or accepted and suppressed). */
      202: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SendResult'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description `sending_paused`: the tenant's bounce or complaint rate paused its sending (see GET /reputation); `key_domain_mismatch`. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /**
       * @description `quota_exceeded` (body is a `QuotaProblem`: `limit`, `used`, `resetAt`) or
       *     `idempotency_key_reused` (a `Problem`).
       */
      422: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['QuotaOrProblem'];
        };
      };
      /** @description `rate_limited`, or `idempotency_key_in_flight`. Retry after `Retry-After` seconds. */
      429: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'Retry-After': components['headers']['RetryAfter'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      default: components['responses']['Default'];
    };
  };
  sendEmailBatch: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description A unique key for safely retrying this request, kept 24 hours per tenant. 1–255 printable ASCII
         *     characters (a UUID is recommended). The structured-field form with surrounding double quotes is accepted;
         *     the quotes are not part of the key.
         */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SendEmailBatchRequest'];
      };
    };
    responses: {
      /** @description Processed; one result per email, in order. */
      202: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SendEmailBatchResult'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description `sending_paused`: the tenant's bounce or complaint rate paused its sending (see GET /reputation); `key_domain_mismatch`. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `quota_exceeded` (a `QuotaProblem`) or `idempotency_key_reused`. */
      422: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['QuotaOrProblem'];
        };
      };
      /** @description `rate_limited`, or `idempotency_key_in_flight`. Retry after `Retry-After` seconds. */
      429: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'Retry-After': components['headers']['RetryAfter'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      default: components['responses']['Default'];
    };
  };
  sendTestEmail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SendTestEmailRequest'];
      };
    };
    responses: {
      /** @description Accepted and queued, with `kind=test`. */
      202: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SendResult'];
        };
      };
      /**
       * @description As `BadRequest`, or `identity_unverified`, or `test_email_limit_reached` (a test-email limit is
       *     reached; retry after `Retry-After` seconds).
       */
      400: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'Retry-After': components['headers']['RetryAfterWhenLimited'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      401: components['responses']['Unauthorized'];
      /** @description `sending_paused`: the tenant's bounce or complaint rate paused its sending (see GET /reputation); `key_domain_mismatch`. */
      403: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      default: components['responses']['Default'];
    };
  };
  getEmail: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The message id. */
        id: components['parameters']['EmailId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The message view. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Email'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  updateEmail: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The message id. */
        id: components['parameters']['EmailId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateEmailRequest'];
      };
    };
    responses: {
      /** @description The message, rescheduled. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Email'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  cancelEmail: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The message id. */
        id: components['parameters']['EmailId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The message, canceled. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Email'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  getEmailStats: {
    parameters: {
      query?: {
        /** @description How many days, today included. */
        days?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One entry per day. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EmailStats'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  getReputation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The tenant's reputation. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Reputation'];
        };
      };
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  listIdentities: {
    parameters: {
      query?: {
        /** @description Page size. Outside 1–100 is a 400 (never clamped). */
        limit?: components['parameters']['Limit'];
        /** @description Items to skip. Outside 0–10000 is a 400 (never clamped); page deeper with filters. */
        offset?: components['parameters']['Offset'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of identities, newest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IdentityList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  createIdentity: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateIdentityRequest'];
      };
    };
    responses: {
      /** @description The new identity with the DNS records to publish. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Identity'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  getIdentity: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The identity id. */
        id: components['parameters']['IdentityIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The identity. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Identity'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  deleteIdentity: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The identity id. */
        id: components['parameters']['IdentityIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['NoContent'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  updateIdentity: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The identity id. */
        id: components['parameters']['IdentityIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateIdentityRequest'];
      };
    };
    responses: {
      /** @description The identity as changed. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Identity'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  verifyIdentity: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The identity id. */
        id: components['parameters']['IdentityIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The identity with the result of this check. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Identity'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      /**
       * @description `dns_unavailable`: a lookup got no answer (a timeout, SERVFAIL or a refusing server), which says nothing
       *     of the record; the identity, its status and its records are unchanged and no event is emitted. Retry after
       *     `Retry-After`.
       */
      503: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      default: components['responses']['Default'];
    };
  };
  rotateDkimKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The identity id. */
        id: components['parameters']['IdentityIdPath'];
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['DkimRotationRequest'];
      };
    };
    responses: {
      /** @description The identity with the pending record to publish. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "idn_01jd8r3m2k4e6f7g8h9j0k1m2n",
           *       "domain": "example.com",
           *       "selector": "mp1",
           *       "status": "verified",
           *       "dkimAlgorithms": [
           *         "rsa-sha256"
           *       ],
           *       "dnsRecords": [
           *         {
           *           "purpose": "dkim",
           *           "type": "TXT",
           *           "name": "mp1._domainkey.example.com",
           *           "value": "v=DKIM1; k=rsa; p=MIIBIjANBgkq…",
           *           "status": "found",
           *           "algorithm": "rsa-sha256",
           *           "keyState": "current"
           *         },
           *         {
           *           "purpose": "dkim",
           *           "type": "TXT",
           *           "name": "mp2._domainkey.example.com",
           *           "value": "v=DKIM1; k=rsa; p=MIIBIjANBgkq…",
           *           "status": "unchecked",
           *           "algorithm": "rsa-sha256",
           *           "keyState": "pending"
           *         },
           *         {
           *           "purpose": "spf",
           *           "type": "TXT",
           *           "name": "example.com",
           *           "value": "v=spf1 include:spf.mailplane.dev ~all",
           *           "status": "found"
           *         },
           *         {
           *           "purpose": "dmarc",
           *           "type": "TXT",
           *           "name": "_dmarc.example.com",
           *           "value": "v=DMARC1; p=none; adkim=r; aspf=r",
           *           "status": "found"
           *         }
           *       ],
           *       "createdAt": "2026-11-02T10:00:00.000Z",
           *       "verifiedAt": "2026-11-02T10:05:00.000Z",
           *       "lastCheckedAt": "2026-11-02T10:05:00.000Z",
           *       "inbound": null,
           *       "tracking": {
           *         "opens": false,
           *         "clicks": false
           *       },
           *       "trackingDomain": null,
           *       "returnPathDomain": null,
           *       "returnPath": null,
           *       "alignment": {
           *         "dkim": true,
           *         "spf": false
           *       }
           *     }
           */
          'application/json': components['schemas']['Identity'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  cancelDkimRotation: {
    parameters: {
      query?: {
        /** @description Whose rotation to cancel. */
        algorithm?: components['schemas']['DkimAlgorithm'];
      };
      header?: never;
      path: {
        /** @description The identity id. */
        id: components['parameters']['IdentityIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The identity without the pending key's record. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Identity'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  enableInbound: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The identity id. */
        id: components['parameters']['IdentityIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The identity, receiving (or about to once verified). */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Identity'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  disableInbound: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The identity id. */
        id: components['parameters']['IdentityIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The identity, not receiving. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Identity'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  listInboundRoutes: {
    parameters: {
      query?: {
        /** @description Page size. Outside 1–100 is a 400 (never clamped). */
        limit?: components['parameters']['Limit'];
        /** @description Items to skip. Outside 0–10000 is a 400 (never clamped); page deeper with filters. */
        offset?: components['parameters']['Offset'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of routes, newest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InboundRouteList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  createInboundRoute: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateInboundRouteRequest'];
      };
    };
    responses: {
      /** @description The new route. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InboundRoute'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  getInboundRoute: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The inbound route id. */
        id: components['parameters']['InboundRouteIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The route. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InboundRoute'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  deleteInboundRoute: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The inbound route id. */
        id: components['parameters']['InboundRouteIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['NoContent'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  updateInboundRoute: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The inbound route id. */
        id: components['parameters']['InboundRouteIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateInboundRouteRequest'];
      };
    };
    responses: {
      /** @description The route as changed. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InboundRoute'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  listInboundMessages: {
    parameters: {
      query?: {
        /** @description Only messages this route took (for any of their recipients). */
        routeId?: components['schemas']['InboundRouteId'];
        /** @description Only replies to this sent message (linked by In-Reply-To or References). */
        emailId?: components['schemas']['MessageId'];
        /** @description Page size. Outside 1–100 is a 400 (never clamped). */
        limit?: components['parameters']['Limit'];
        /** @description Items to skip. Outside 0–10000 is a 400 (never clamped); page deeper with filters. */
        offset?: components['parameters']['Offset'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of received messages. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InboundMessageList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  getInboundMessage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The received message id. */
        id: components['parameters']['InboundMessageIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The message. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InboundMessage'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  downloadInboundAttachment: {
    parameters: {
      query: {
        /** @description Unix seconds after which the link no longer works. */
        expires: number;
        /** @description HMAC over the message id, the index and `expires`. */
        signature: string;
      };
      header?: never;
      path: {
        /** @description The received message id. */
        id: components['parameters']['InboundMessageIdPath'];
        /** @description The attachment's place in the message, from 0. */
        index: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The attachment's bytes. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': string;
        };
      };
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  listWebhookEndpoints: {
    parameters: {
      query?: {
        /** @description Page size. Outside 1–100 is a 400 (never clamped). */
        limit?: components['parameters']['Limit'];
        /** @description Items to skip. Outside 0–10000 is a 400 (never clamped); page deeper with filters. */
        offset?: components['parameters']['Offset'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of endpoints, newest first. Secrets are never listed. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  createWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateWebhookEndpointRequest'];
      };
    };
    responses: {
      /** @description The endpoint, with its signing secret (shown once). */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedWebhookEndpoint'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description `endpoint_limit_reached`: the plan's number of endpoints is reached (an `EndpointLimitProblem`). */
      422: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['EndpointLimitProblem'];
        };
      };
      default: components['responses']['Default'];
    };
  };
  getWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook endpoint id. */
        id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint (without its secret). */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpoint'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  deleteWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook endpoint id. */
        id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['NoContent'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  updateWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook endpoint id. */
        id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateWebhookEndpointRequest'];
      };
    };
    responses: {
      204: components['responses']['NoContent'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  rotateWebhookEndpointSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook endpoint id. */
        id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The new secret. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RotatedSecret'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description Only deliveries in this status. */
        status?: components['schemas']['WebhookDeliveryStatus'];
        /** @description Only deliveries of events of this type. */
        eventType?: components['schemas']['EventType'];
        /** @description Only deliveries of events about this message (`email.*` events carry its id). */
        messageId?: components['schemas']['MessageId'];
        /** @description Page size. Outside 1–100 is a 400 (never clamped). */
        limit?: components['parameters']['Limit'];
        /** @description Items to skip. Outside 0–10000 is a 400 (never clamped); page deeper with filters. */
        offset?: components['parameters']['Offset'];
      };
      header?: never;
      path: {
        /** @description The webhook endpoint id. */
        id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of deliveries. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  replayWebhookDeliveries: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook endpoint id. */
        id: components['parameters']['EndpointId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReplayWebhookDeliveriesRequest'];
      };
    };
    responses: {
      /** @description The redeliveries were queued. */
      202: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReplayResult'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  getWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook delivery id. */
        id: components['parameters']['DeliveryId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The delivery, with the event body as it is POSTed. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryDetail'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  redeliverWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook delivery id. */
        id: components['parameters']['DeliveryId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The delivery, pending again; follow it with GET /webhooks/deliveries/{id}. */
      202: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDelivery'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  listSuppressions: {
    parameters: {
      query?: {
        /** @description Case-insensitive substring of the address. */
        q?: string;
        /** @description Page size. Outside 1–100 is a 400 (never clamped). */
        limit?: components['parameters']['Limit'];
        /** @description Items to skip. Outside 0–10000 is a 400 (never clamped); page deeper with filters. */
        offset?: components['parameters']['Offset'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of suppressions, newest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuppressionList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  addSuppression: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AddSuppressionRequest'];
      };
    };
    responses: {
      /** @description Already suppressed; the existing record. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Suppression'];
        };
      };
      /** @description Added. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Suppression'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  removeSuppression: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The suppressed address. */
        email: components['schemas']['EmailAddress'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['NoContent'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  listTemplates: {
    parameters: {
      query?: {
        /** @description Case-insensitive substring of the name or the alias. */
        q?: string;
        /** @description Page size. Outside 1–100 is a 400 (never clamped). */
        limit?: components['parameters']['Limit'];
        /** @description Items to skip. Outside 0–10000 is a 400 (never clamped); page deeper with filters. */
        offset?: components['parameters']['Offset'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of templates. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  createTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateTemplateRequest'];
      };
    };
    responses: {
      /** @description The new template, with its draft. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Template'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  getTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The template id. */
        id: components['parameters']['TemplateIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The template. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Template'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  deleteTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The template id. */
        id: components['parameters']['TemplateIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['NoContent'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  updateTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The template id. */
        id: components['parameters']['TemplateIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateTemplateRequest'];
      };
    };
    responses: {
      /** @description The template as changed. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Template'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      default: components['responses']['Default'];
    };
  };
  publishTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The template id. */
        id: components['parameters']['TemplateIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The template, with the new `publishedVersion`. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Template'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  listTemplateVersions: {
    parameters: {
      query?: {
        /** @description Page size. Outside 1–100 is a 400 (never clamped). */
        limit?: components['parameters']['Limit'];
        /** @description Items to skip. Outside 0–10000 is a 400 (never clamped); page deeper with filters. */
        offset?: components['parameters']['Offset'];
      };
      header?: never;
      path: {
        /** @description The template id. */
        id: components['parameters']['TemplateIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of versions. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateVersionList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  getTemplateVersion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The template id. */
        id: components['parameters']['TemplateIdPath'];
        /** @description The version number. */
        version: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The version. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateVersion'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  renderTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The template id. */
        id: components['parameters']['TemplateIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RenderTemplateRequest'];
      };
    };
    responses: {
      /** @description What the version renders to with this model, and what is wrong with it. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RenderedTemplate'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  showUnsubscribePage: {
    parameters: {
      query: {
        /** @description The opaque, signed unsubscribe token from the message. */
        token: components['parameters']['UnsubscribeToken'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The confirmation page. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description `token_invalid`: the token is malformed or its signature does not verify. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `token_expired`: the token is genuine but older than its 60-day lifetime. */
      410: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      default: components['responses']['Default'];
    };
  };
  unsubscribe: {
    parameters: {
      query?: {
        /** @description The unsubscribe token, as in the `List-Unsubscribe` URL (or send it in the body). */
        token?: components['parameters']['UnsubscribeTokenOptional'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/x-www-form-urlencoded': components['schemas']['UnsubscribeForm'];
        'multipart/form-data': components['schemas']['UnsubscribeForm'];
        'application/json': components['schemas']['UnsubscribeRequest'];
      };
    };
    responses: {
      /** @description Unsubscribed (or already was). */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UnsubscribeConfirmation'];
          'text/html': string;
        };
      };
      /** @description `token_invalid` (or `validation_failed`). */
      400: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
          'text/html': string;
        };
      };
      default: components['responses']['Default'];
    };
  };
  followTrackedLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The opaque, signed token of a tracked link or open image; its format belongs to the mail service. */
        token: components['parameters']['TrackingToken'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description To the link's own URL. */
      302: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          Location: components['headers']['Location'];
          'Cache-Control': components['headers']['CacheControl'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `tracking_link_invalid`: the token is malformed, its signature does not verify, or it was issued for another host. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `tracking_link_expired`: the token is genuine, and past its end. */
      410: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      default: components['responses']['Default'];
    };
  };
  trackOpen: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The opaque, signed token of a tracked link or open image; its format belongs to the mail service. */
        token: components['parameters']['TrackingToken'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The image. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'Cache-Control': components['headers']['CacheControl'];
          [name: string]: unknown;
        };
        content: {
          'image/gif': string;
        };
      };
      /** @description `tracking_link_invalid`: the token is malformed, its signature does not verify, or it was issued for another host. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `tracking_link_expired`: the token is genuine, and past its end. */
      410: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      default: components['responses']['Default'];
    };
  };
  createCheckout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CheckoutRequest'];
      };
    };
    responses: {
      /** @description The checkout to redirect the customer to. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckoutResult'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      409: components['responses']['Conflict'];
      422: components['responses']['Unprocessable'];
      503: components['responses']['BillingUnavailable'];
      default: components['responses']['Default'];
    };
  };
  listCheckoutMethods: {
    parameters: {
      query: {
        /** @description The plan to buy. */
        plan: components['schemas']['PlanId'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The eligible methods. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckoutMethods'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      422: components['responses']['Unprocessable'];
      503: components['responses']['BillingUnavailable'];
      default: components['responses']['Default'];
    };
  };
  quoteUpgrade: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['QuoteRequest'];
      };
    };
    responses: {
      /** @description The quote. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Quote'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['Unprocessable'];
      503: components['responses']['BillingUnavailable'];
      default: components['responses']['Default'];
    };
  };
  upgradeSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpgradeRequest'];
      };
    };
    responses: {
      /** @description Upgraded. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UpgradeResult'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description `payment_declined`: the charge was declined; the tier is unchanged. */
      402: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['Unprocessable'];
      503: components['responses']['BillingUnavailable'];
      default: components['responses']['Default'];
    };
  };
  downgradeSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DowngradeRequest'];
      };
    };
    responses: {
      /** @description The downgrade is scheduled. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DowngradeResult'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['Unprocessable'];
      503: components['responses']['BillingUnavailable'];
      default: components['responses']['Default'];
    };
  };
  cancelPendingChange: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: components['responses']['NoContent'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      503: components['responses']['BillingUnavailable'];
      default: components['responses']['Default'];
    };
  };
  cancelSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Cancelled at period end. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CancelResult'];
        };
      };
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      503: components['responses']['BillingUnavailable'];
      default: components['responses']['Default'];
    };
  };
  getBillingState: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The billing state. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BillingState'];
        };
      };
      401: components['responses']['Unauthorized'];
      500: components['responses']['Internal'];
      default: components['responses']['Default'];
    };
  };
  getCatalogue: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The catalogue. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Catalogue'];
        };
      };
      default: components['responses']['Default'];
    };
  };
  showCheckoutReturn: {
    parameters: {
      query: {
        /** @description The checkout id, as in the return URL. */
        checkout: components['schemas']['CheckoutId'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The payment's outcome, as a page. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      400: components['responses']['BadRequest'];
      /** @description `not_found`: no such checkout. */
      404: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      default: components['responses']['Default'];
    };
  };
  hubWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['HubEvent'];
      };
    };
    responses: {
      /** @description Accepted (applied, replayed or ignored). */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
      /** @description Invalid signature. */
      401: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
      default: components['responses']['DefaultText'];
    };
  };
  paymentProviderWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/x-www-form-urlencoded': components['schemas']['PaymentNotification'];
        'application/json': components['schemas']['PaymentNotification'];
      };
    };
    responses: {
      /** @description Acknowledged (applied, replayed, or attributable to nobody). */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
      /** @description No payment id in the body. */
      400: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
      /** @description Not applied; the provider should retry. */
      500: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
      /** @description Billing is not configured, or the provider cannot be reached; the provider should retry. */
      503: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
      default: components['responses']['DefaultText'];
    };
  };
  health: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Health report. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
      default: components['responses']['Default'];
    };
  };
  getOpenApiJson: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI 3.1 document. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'Cache-Control': components['headers']['CacheControl'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            openapi: '3.1.0';
            info: Record<string, unknown>;
            paths: Record<string, unknown>;
          };
        };
      };
      default: components['responses']['Default'];
    };
  };
  getOpenApiYaml: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI 3.1 document. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'Cache-Control': components['headers']['CacheControl'];
          [name: string]: unknown;
        };
        content: {
          'application/yaml': string;
        };
      };
      default: components['responses']['Default'];
    };
  };
  showDocs: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'Cache-Control': components['headers']['CacheControl'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      default: components['responses']['Default'];
    };
  };
  listGuides: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The index page. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'Cache-Control': components['headers']['CacheControl'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      default: components['responses']['Default'];
    };
  };
  getGuide: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        guide: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The guide's page. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'Cache-Control': components['headers']['CacheControl'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      default: components['responses']['Default'];
    };
  };
  getDocsAsset: {
    parameters: {
      query?: {
        /** @description The version of the page's assets, as the page links them. */
        v?: string;
      };
      header?: never;
      path: {
        file: 'swagger-ui-bundle.js' | 'swagger-ui.css' | 'docs.js' | 'docs.css';
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          'Cache-Control': components['headers']['CacheControl'];
          [name: string]: unknown;
        };
        content: {
          'text/javascript': string;
          'text/css': string;
        };
      };
      400: components['responses']['BadRequest'];
      default: components['responses']['Default'];
    };
  };
  readiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Ready. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Readiness'];
        };
      };
      /** @description Not ready; `checks` names what is down. */
      503: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'] & {
            checks: components['schemas']['ReadinessChecks'];
          };
        };
      };
      default: components['responses']['Default'];
    };
  };
  metrics: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The metrics. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
      401: components['responses']['Unauthorized'];
      default: components['responses']['Default'];
    };
  };
  listTenants: {
    parameters: {
      query?: {
        /** @description Page size. Outside 1–100 is a 400 (never clamped). */
        limit?: components['parameters']['Limit'];
        /** @description Items to skip. Outside 0–10000 is a 400 (never clamped); page deeper with filters. */
        offset?: components['parameters']['Offset'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of tenants. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TenantList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      429: components['responses']['AdminThrottled'];
      default: components['responses']['Default'];
    };
  };
  createTenant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateTenantRequest'];
      };
    };
    responses: {
      /** @description The tenant and its first key. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedTenant'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      429: components['responses']['AdminThrottled'];
      default: components['responses']['Default'];
    };
  };
  createOwner: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The tenant id. */
        tenantId: components['parameters']['TenantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateOwnerRequest'];
      };
    };
    responses: {
      /** @description The owner. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Member'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['AdminThrottled'];
      default: components['responses']['Default'];
    };
  };
  getTenantBilling: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The tenant id. */
        tenantId: components['parameters']['TenantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The tenant's billing. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TenantBilling'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      429: components['responses']['AdminThrottled'];
      default: components['responses']['Default'];
    };
  };
  grantPlan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The tenant id. */
        tenantId: components['parameters']['TenantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['GrantRequest'];
      };
    };
    responses: {
      /** @description Granted; the tenant's billing state. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BillingState'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      409: components['responses']['Conflict'];
      422: components['responses']['Unprocessable'];
      429: components['responses']['AdminThrottled'];
      503: components['responses']['BillingUnavailable'];
      default: components['responses']['Default'];
    };
  };
  revokeGrant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The tenant id. */
        tenantId: components['parameters']['TenantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Taken back; the tenant's billing state. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BillingState'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      429: components['responses']['AdminThrottled'];
      default: components['responses']['Default'];
    };
  };
  pauseSending: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The tenant id. */
        tenantId: components['parameters']['TenantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Why; shown to the tenant as the reason. */
          reason: string;
        };
      };
    };
    responses: {
      /** @description Paused; the tenant's reputation. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Reputation'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      429: components['responses']['AdminThrottled'];
      default: components['responses']['Default'];
    };
  };
  resumeSending: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The tenant id. */
        tenantId: components['parameters']['TenantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Resumed; the tenant's reputation. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['XRequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Reputation'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      429: components['responses']['AdminThrottled'];
      default: components['responses']['Default'];
    };
  };
  deliverEvent: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': components['schemas']['EventId'];
        'webhook-timestamp': string;
        'webhook-signature': string;
        'mailplane-request-id'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookEvent'];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the delivery. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
