/**
 * The Admin Portal API's types, generated from its OpenAPI document by openapi-typescript.
 * Do not edit: run `npm run client:generate` after changing an endpoint (a test checks this file is current).
 */

export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: database reachable and migrations applied
         * @description Answers 503 with the reason while the database is unreachable or migrations are pending.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description An account with a second factor gets no tokens yet but a challenge (second_factor_required), finished by POST /api/auth/login/second-factor.
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in, step two, for an account with a second factor
         * @description The challenge from POST /api/auth/login and a code of the authenticator app or a recovery code. Wrong codes slow down like wrong passwords; five spend the challenge.
         */
        post: operations["signInWithSecondFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login/enrol/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in, for an account that must set up a second factor first
         * @description For an account that must have a second factor and has none yet (enrolment_required): with the challenge, a new authenticator secret, its otpauth:// address and QR code.
         */
        post: operations["startSecondFactorEnrolment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login/enrol/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in, enrolment's step two: the app's first code
         * @description The app's first code turns the second factor on and signs in; the recovery codes are answered this once.
         */
        post: operations["confirmSecondFactorEnrolment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a passkey, step one: the options for the browser
         * @description The options for navigator.credentials.get() (@simplewebauthn/browser's startAuthentication), good for 5 minutes. With a password sign-in's challenge_token: that account's passkeys only, as its second step.
         */
        post: operations["startPasskeySignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a passkey, step two: the browser's answer
         * @description The browser's answer is an AuthenticationResponseJSON. The passkey verifies its user, so it stands for the password and the second factor; answers what a sign-in answers.
         */
        post: operations["signInWithPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate a refresh token for a new access token */
        post: operations["refreshAccessToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the current session */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether self-registration is available */
        get: operations["getRegistrationAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Self-registration into an organization that allows it
         * @description E-mails a link that confirms the address (the same answer whether or not it has an account).
         */
        post: operations["registerAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a sign-up's e-mail address with the token of the e-mailed link
         * @description Creates the account (waiting for approval where the organization asks for it).
         */
        post: operations["confirmRegistration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check that the session is valid */
        get: operations["verifySession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update your own name and email
         * @description Changing the email asks for current_password.
         */
        put: operations["updateOwnProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your password
         * @description Ends your other sessions. Wrong current passwords slow down like sign-ins.
         */
        post: operations["changeOwnPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description Users, paginated, searchable and filterable.
         */
        get: operations["listUsers"];
        put?: never;
        /** Create a user */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export users as CSV
         * @description Every user matching the list filters, as a CSV download.
         */
        get: operations["exportUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user */
        get: operations["getUser"];
        /**
         * Update a user
         * @description Only the fields sent change.
         */
        put: operations["updateUser"];
        post?: never;
        /**
         * Delete a user
         * @description Never yourself, never the last super admin.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a user's password
         * @description Setting a user's password ends their sessions and their lockout.
         */
        put: operations["resetUserPassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End a lockout after failed sign-ins */
        post: operations["unlockUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a self-registered account waiting for approval
         * @description The account can sign in from now on.
         */
        post: operations["approveUserSignUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a self-registered account waiting for approval
         * @description The account is removed.
         */
        post: operations["rejectUserSignUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a user's permissions
         * @description A user's effective permissions, role defaults and extras.
         */
        get: operations["getUserPermissions"];
        put?: never;
        /** Grant an extra permission */
        post: operations["grantUserPermission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/permissions/{permission}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Withdraw an extra permission */
        delete: operations["revokeUserPermission"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your live sessions (device, address, started, last used)
         * @description The most recently used first; yours is marked current.
         */
        get: operations["listOwnSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions/{sessionId}": {
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
         * Sign out one of your sessions (your current one too)
         * @description 404 for a session that is not yours or has ended.
         */
        delete: operations["revokeOwnSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions/revoke-others": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out every session of yours but the one making this call */
        post: operations["revokeOtherSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a user's live sessions
         * @description For whoever may manage the user (not one with more privileges than yours).
         */
        get: operations["listUserSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign out one of a user's sessions */
        delete: operations["revokeUserSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/sessions/revoke-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out every session of a user
         * @description On yourself: every one but the session making this call.
         */
        post: operations["revokeAllUserSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether your account signs in with a second factor
         * @description Also how many recovery codes are left.
         */
        get: operations["getTwoFactorStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/totp/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set up an authenticator app, step one (your password again)
         * @description A new secret, its otpauth:// address and QR code; not in force until a code confirms it. 409 while one is on.
         */
        post: operations["startTotpSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set up an authenticator app, step two: the app's first code
         * @description The app's first code turns the second factor on; answers ten recovery codes, shown this once.
         */
        post: operations["confirmTotpSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/totp/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn your second factor off (your password again)
         * @description Its recovery codes stop working.
         */
        post: operations["disableTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New recovery codes (your password again), shown this once
         * @description The old ones stop working.
         */
        post: operations["renewRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/two-factor/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset a user's second factor
         * @description A lost phone: they sign in with their password alone until they set it up again. 409 when they have none.
         */
        post: operations["resetUserTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your passkeys: names, when each was added and last used */
        get: operations["listPasskeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys/registration/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a passkey, step one (your password again)
         * @description The options for navigator.credentials.create() (@simplewebauthn/browser's startRegistration), good for 5 minutes. 409 at 20 passkeys.
         */
        post: operations["startPasskeyRegistration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys/registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a passkey, step two: the browser's answer and a name
         * @description The browser's answer is a RegistrationResponseJSON. The authenticator must verify its user; 409 when the passkey is registered already.
         */
        post: operations["finishPasskeyRegistration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove one of your passkeys: it no longer signs in */
        delete: operations["deletePasskey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/organizations/{id}/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an organization's single sign-on
         * @description The organization's single sign-on (null when none), and the redirect URI to register at its provider. The client secret is never answered.
         */
        get: operations["getOrganizationSso"];
        /**
         * Set an organization's single sign-on with OpenID Connect
         * @description The issuer's discovery document is read first (422 on issuer when it cannot be). A domain signs in to one organization. A client_secret left out keeps the stored one.
         */
        put: operations["updateOrganizationSso"];
        post?: never;
        /**
         * Remove an organization's single sign-on
         * @description Its staff sign in with their passwords.
         */
        delete: operations["deleteOrganizationSso"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the e-mail's domain signs in with an identity provider
         * @description Answers the provider's name (null when none) and whether it is the only way in.
         */
        get: operations["discoverSingleSignOn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A browser's single sign-on, step one: to the identity provider
         * @description Redirects to the identity provider of the e-mail's domain (authorization code with PKCE).
         */
        get: operations["startSingleSignOn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A browser's single sign-on, step two: the provider's redirect
         * @description Checks state, exchanges the code with the PKCE verifier, checks the ID token and its nonce, and redirects to /login#sso=<one-time code>.
         */
        get: operations["handleSingleSignOnCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/exchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Single sign-on, step three: the one-time code for the session's tokens
         * @description The sign-in page's one-time code (good for 60 seconds, once) for the session's tokens, as a sign-in answers.
         */
        post: operations["exchangeSingleSignOnCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List organizations
         * @description Organizations you can see: all for a super admin, else your own.
         */
        get: operations["listOrganizations"];
        put?: never;
        /** Create an organization */
        post: operations["createOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/organizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an organization */
        get: operations["getOrganization"];
        /** Update an organization */
        put: operations["updateOrganization"];
        post?: never;
        /** Delete an organization that has no users */
        delete: operations["deleteOrganization"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/organizations/{id}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an organization's settings */
        get: operations["getOrganizationSettings"];
        /**
         * Update an organization's settings
         * @description Only the keys sent change.
         */
        put: operations["updateOrganizationSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user's preferences (defaults for anything never set) */
        get: operations["getOwnPreferences"];
        /** Change some of the signed-in user's preferences; answers all of them */
        put: operations["updateOwnPreferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search applications, workflows, tools, users and organizations
         * @description Only what the caller may see. A case-insensitive substring match. Applications: applicant name, e-mail, external reference, or the whole case id (needs application:read); workflows: name, description, category (workflow:read); tools: name, description, type (tool:read); users: name, e-mail (user:read); organizations: name, slug (a super admin every one, anyone else their own). Every kind but organizations is scoped to the caller’s organization (a super admin’s X-Organization-Id, else all). A kind the caller may not read is neither searched nor counted. `limit` caps the results per kind; `totals` counts every match per kind searched, up to 1,000 for applications (then the kind is listed in `capped`).
         */
        get: operations["searchPortal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List workflows
         * @description Workflows, paginated, searchable, filterable by status and category.
         */
        get: operations["listWorkflows"];
        put?: never;
        /**
         * Create a workflow
         * @description A blank workflow (Start connected to End), or one from a template (its graph copied with new ids).
         */
        post: operations["createWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/step-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List step types
         * @description Step types: label, icon, description, config JSON Schema, defaults and branches.
         */
        get: operations["listStepTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a workflow with its whole graph
         * @description Creates the workflow with its whole graph in one transaction.
         */
        post: operations["createCompleteWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a workflow
         * @description One workflow with its steps and connections.
         */
        get: operations["getWorkflow"];
        /**
         * Update a workflow's details or status
         * @description Activation checks the graph.
         */
        put: operations["updateWorkflow"];
        post?: never;
        /**
         * Delete a workflow
         * @description Only a workflow that has no applications; archive it otherwise.
         */
        delete: operations["deleteWorkflow"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace a workflow's whole graph
         * @description Replaces the whole graph in one transaction (a new version).
         */
        put: operations["saveWorkflowGraph"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/{id}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy a workflow as a new draft
         * @description The graph is deep-copied with new ids.
         */
        post: operations["duplicateWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/{id}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run the activation checks without changing anything */
        post: operations["validateWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workflow's saved versions
         * @description Saved versions, newest first.
         */
        get: operations["listWorkflowVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/{id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a saved version of a workflow
         * @description One saved version with its graph.
         */
        get: operations["getWorkflowVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/{id}/drafts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save the graph as a draft beside the live version of an active workflow
         * @description The draft is not live until published. A new version in the state `pending`: applications go on starting on the live version. Only structural problems refuse it (422); the activation checks run when it is published. 409 when the workflow is not active, or when `expected_version` is not the newest version.
         */
        post: operations["saveWorkflowDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/{id}/versions/{version}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the pending draft the live version, under its own number
         * @description The version must be the newest, pending, and saved beside the version that is live now (409 otherwise); an active workflow runs the activation checks (422).
         */
        post: operations["publishWorkflowDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/{id}/versions/{version}/discard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the pending draft aside (kept in the history as discarded)
         * @description The version must be the newest and pending (409 otherwise). The live version is untouched.
         */
        post: operations["discardWorkflowDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/{id}/versions/{version}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make an older version the newest one */
        post: operations["restoreWorkflowVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/{id}/versions/{version}/simulations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a simulation run on a workflow version
         * @description Replays recorded cases of a period on this version (a job): nothing is written to the cases, nothing is sent or called.
         */
        post: operations["startSimulation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/{id}/simulations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workflow's simulation runs
         * @description A workflow's simulation runs, newest first.
         */
        get: operations["listSimulations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/{id}/versions/{version}/simulation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the latest finished simulation run on a version
         * @description The latest finished simulation run on this version, or null.
         */
        get: operations["getLatestSimulation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/simulations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a simulation run
         * @description A simulation run: its status, progress and summary.
         */
        get: operations["getSimulation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/simulations/{id}/cases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a finished simulation run's cases
         * @description A finished run's cases, those whose end changes first.
         */
        get: operations["listSimulationCases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/simulations/{id}/cases/{application_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one case of a finished simulation run
         * @description One case of a finished run: its recorded path beside its replayed path.
         */
        get: operations["getSimulationCase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/simulations/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a finished simulation run's cases as CSV
         * @description A finished run's cases as a CSV download.
         */
        get: operations["exportSimulationCases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/steps/workflow/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workflow's steps
         * @description A workflow's steps in document order.
         */
        get: operations["listWorkflowSteps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/steps/workflow/{id}/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workflow's connections */
        get: operations["listWorkflowConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/steps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a step to a workflow
         * @description Its config is checked against its step type. The change is a new workflow version.
         */
        post: operations["createStep"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/steps/validate-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a config against its step type's schema
         * @description Answers the config with its defaults filled in, or the field errors.
         */
        post: operations["validateStepConfig"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/steps/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Connect two steps of one workflow
         * @description The change is a new workflow version.
         */
        post: operations["createStepConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/steps/connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a connection
         * @description The change is a new workflow version.
         */
        put: operations["updateStepConnection"];
        post?: never;
        /**
         * Remove a connection
         * @description The change is a new workflow version.
         */
        delete: operations["deleteStepConnection"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/steps/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a step */
        get: operations["getStep"];
        /**
         * Change a step's name, config or position
         * @description The change is a new workflow version.
         */
        put: operations["updateStep"];
        post?: never;
        /**
         * Delete a step and its connections
         * @description The change is a new workflow version.
         */
        delete: operations["deleteStep"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflow-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List workflow templates
         * @description Templates: the shipped ones and the organization's own.
         */
        get: operations["listWorkflowTemplates"];
        put?: never;
        /**
         * Create an organization's template
         * @description Creates an organization's template from a graph, or from a workflow (save as template).
         */
        post: operations["createWorkflowTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflow-templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update an organization's template
         * @description Shipped templates are read-only.
         */
        put: operations["updateWorkflowTemplate"];
        post?: never;
        /**
         * Delete an organization's template
         * @description Shipped templates are read-only.
         */
        delete: operations["deleteWorkflowTemplate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tools
         * @description Tools, paginated, searchable, filterable by type and status.
         */
        get: operations["listTools"];
        put?: never;
        /**
         * Register a tool
         * @description Registers a tool as a draft: MCP name, description, type, config and input schema.
         */
        post: operations["createTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tools/types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tool types
         * @description Tool types with their config JSON Schema and defaults.
         */
        get: operations["listToolTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tools/generic/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tool templates
         * @description Templates to start a tool from, optionally of one type.
         */
        get: operations["listToolTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tools/generic/{type}/config-schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a tool type's config schema
         * @description A tool type's config JSON Schema, defaults and description.
         */
        get: operations["getToolTypeConfigSchema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tools/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the organization's tool analytics
         * @description Calls, error rate and latency of the organization's tools, over time and per tool.
         */
        get: operations["getToolsAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tools/executions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tool runs
         * @description Recorded tool runs, newest first.
         */
        get: operations["listToolExecutions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tools/executions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a tool run
         * @description One recorded run: input, output, the request as sent and the response (secrets redacted).
         */
        get: operations["getToolExecution"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tools/configurations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List environment configurations
         * @description Environment configurations of every tool (secrets masked).
         */
        get: operations["listToolConfigurations"];
        put?: never;
        /**
         * Add a tool's configuration for an environment
         * @description A tool's configuration for one environment: config overrides and encrypted secrets. On an approved tool, a new configuration sends the tool back for approval unless the editor may approve it.
         */
        post: operations["createToolConfiguration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tools/configurations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update a configuration
         * @description A masked secret keeps its value; a secret left out is removed. A change to what an approved tool calls sends it back for approval unless the editor may approve it; kept secrets stay bound to the call they were approved for.
         */
        put: operations["updateToolConfiguration"];
        post?: never;
        /**
         * Delete a configuration
         * @description Deleting a configuration of an approved tool, by someone who may not approve it, sends the tool back for approval (the message says so).
         */
        delete: operations["deleteToolConfiguration"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tools/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a tool */
        get: operations["getTool"];
        /**
         * Update a tool or change its status
         * @description Update a tool; submit it (status pending_approval), take it back to draft, disable or enable it. A changed definition of an approved tool needs approval again, unless the editor may approve it (then it stays approved, audited).
         */
        put: operations["updateTool"];
        post?: never;
        /**
         * Delete a tool
         * @description Its recorded runs stay for analytics.
         */
        delete: operations["deleteTool"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tools/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or reject a tool
         * @description For a tool pending approval; administrators only, and not their own tool unless a super administrator.
         */
        post: operations["decideToolApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tools/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a tool on a sample input
         * @description Runs the tool in one environment and answers the recorded execution with output, status, latency and the request as sent. 409 when the configuration calls something other than what its secrets were approved for.
         */
        post: operations["testTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tools/{id}/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a tool's analytics
         * @description A tool's calls, error rate, latency percentiles, top errors and callers.
         */
        get: operations["getToolAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tools/{id}/configurations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a tool's configurations
         * @description A tool's configurations per environment (secrets masked).
         */
        get: operations["listConfigurationsOfTool"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tools/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a tool's status history
         * @description A tool's status changes with their comments, newest first.
         */
        get: operations["getToolHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's API keys
         * @description The key itself is shown only when created.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description An API key for the MCP endpoint (and the intake API); the answer is the only time the key is shown.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/api-keys/{id}": {
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
         * @description It stops working at once.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's webhook subscriptions
         * @description Each with whether it is on, since when it fails, and its last delivery. The secrets are never shown here.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Subscribe an endpoint to events
         * @description At most 20 subscriptions an organization. The answer holds the signing secret (whsec_…), the only time it is shown. The address is https:// (http:// only to this machine); every request to it goes through the same guard as tools (no private addresses unless TOOL_ALLOWED_HOSTS names them).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook subscription */
        get: operations["getWebhook"];
        /**
         * Change a webhook subscription, or turn it off or on
         * @description Turned on again, it sends what waited meanwhile and its failing clock starts over.
         */
        put: operations["updateWebhook"];
        post?: never;
        /**
         * Delete a webhook subscription
         * @description Its deliveries and their attempts go with it.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace a subscription's signing secret
         * @description The answer holds the new secret, the only time it is shown; deliveries sent from now on are signed with it.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description A `webhook.test` delivery, whatever the events subscribed to; it shows in the deliveries like any other.
         */
        post: operations["sendWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a subscription's deliveries
         * @description Newest first, optionally of one status.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a delivery with its attempts
         * @description The body it sends, and each attempt: the request headers (signature included), the answer (its status, headers and first 4 KiB) or the error.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}/deliveries/{delivery_id}/resend": {
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
         * @description With the same webhook-id (receivers de-duplicate by it) and a new timestamp and signature. 409 while the subscription is turned off.
         */
        post: operations["resendWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the organization's MCP endpoint
         * @description Where the organization's MCP clients connect, and how many tools they see.
         */
        get: operations["getMcpInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List applications
         * @description Applications, newest first, with filters and keyset pages (`next_cursor`).
         */
        get: operations["listApplications"];
        put?: never;
        /** Start an application by hand (staff), on an active workflow */
        post: operations["createManualApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the monitor's counters
         * @description The monitor's counters: in progress, waiting for review, overdue, completed today, failed.
         */
        get: operations["getApplicationCounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's staff notifications
         * @description Staff notifications addressed to the caller (to their user, or to their role in their organization), newest first.
         */
        get: operations["listStaffNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/notifications/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark every notification addressed to the caller as read */
        post: operations["markAllStaffNotificationsRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/notifications/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark one notification addressed to the caller as read */
        post: operations["markStaffNotificationRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/review-tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List review tasks
         * @description Review tasks, soonest deadline first.
         */
        get: operations["listReviewTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/review-tasks/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Count the caller's open reviews
         * @description The caller's open reviews: the ones they have, the unclaimed ones of their roles, all of their roles, theirs overdue.
         */
        get: operations["getReviewQueueCounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/review-tasks/reviewers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List staff who may decide reviews
         * @description Staff who may decide reviews (of one assignee role), with the open reviews each has: whom a lead can assign a review to.
         */
        get: operations["listReviewers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/review-tasks/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take one action on up to 500 reviews
         * @description One action (approve, reject with one comment, claim, release, assign) on up to 500 reviews: each checked and done as if alone, each with its own result (the status the action alone would answer, and why it was refused).
         */
        post: operations["applyBulkReviewAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/review-tasks/{id}/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim an open review
         * @description Claim an open review: it becomes the caller's (its role, administrators). If someone else has it, 409 names them; claiming one's own again changes nothing.
         */
        post: operations["claimReviewTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/review-tasks/{id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Release a claimed review back to its role's queue
         * @description The person who has it, or a lead with manage_reviews.
         */
        post: operations["releaseReviewTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/review-tasks/{id}/assignee": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Assign or reassign an open review
         * @description Assign (or reassign) an open review to a named person who may decide it (its role or an administrator of its organization); they get a portal notification. Needs manage_reviews.
         */
        put: operations["assignReviewTask"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/review-tasks/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or reject a review task
         * @description Approve or reject (with a comment) a review task: its step's role, administrators and super administrators decide; once someone has the review (claimed or assigned), only they do.
         */
        post: operations["decideReviewTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/{id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a case's staff notes
         * @description A case's staff notes, oldest first (never shown to the applicant).
         */
        get: operations["listCaseNotes"];
        put?: never;
        /**
         * Add a staff note to a case
         * @description Add a staff note (markdown; @their-email mentions a colleague, who gets a portal notification). Staff who may decide reviews add notes; it shows in the timeline and the audit log.
         */
        post: operations["addCaseNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/{id}/notes/{note_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a note
         * @description Its author only, within 5 minutes of writing it (409 after), never a redacted one.
         */
        put: operations["updateCaseNote"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/{id}/notes/{note_id}/redact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redact a note (administrators)
         * @description Its text and mentions go; who redacted it and when stay.
         */
        post: operations["redactCaseNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an application
         * @description One application: applicant, data, steps, event timeline, review tasks, tool calls and files.
         */
        get: operations["getApplication"];
        put?: never;
        post?: never;
        /**
         * Erase an application
         * @description Erases the applicant's data, files and history (the audit row stays).
         */
        delete: operations["deleteApplication"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/{id}/files/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file the applicant uploaded
         * @description Always as an attachment, never shown inline.
         */
        get: operations["downloadApplicationFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run the failed step of a failed application again */
        post: operations["retryApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop an application in progress */
        post: operations["cancelApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/{id}/notes/{note_id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach a file to a note
         * @description Its author, within 5 minutes of writing it (409 after), at most 10 files a note. A multipart/form-data body (no JSON) with one file part `file`, within the upload limit of the system settings (413 above it). Staff only: the file is never among the case’s Files (the applicant’s uploads) nor on the applicant’s pages, and is removed when the note is redacted.
         */
        post: operations["attachCaseNoteFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/{id}/notes/{note_id}/files/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file attached to a note
         * @description Always as an attachment, never shown inline.
         */
        get: operations["downloadCaseNoteFile"];
        put?: never;
        post?: never;
        /**
         * Take a file off a note
         * @description Its author, within 5 minutes of writing it.
         */
        delete: operations["removeCaseNoteFile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow application events as server-sent events (resumable with Last-Event-ID)
         * @description The stream opens with `event: ready`, whose `id` (and `data.position`) is where it starts. Each event is `event: application_event` with `id: <position>` and the event as JSON `data`, with `application`: the case as it is now (its list row), or null once erased. Reconnect with the `Last-Event-ID` header (or `last_event_id`) set to the last id received, the `ready` id included, to receive what was missed; a malformed position is refused (422), never read as "from now". A comment line is sent every 15 s while nothing happens. The stream ends with `event: closing`, `data: {"reason": …}` and a `retry` of 2 s: `server_shutdown` (reconnect with the last id; a load balancer sends you to a running process), `token_expired` (the access token it was opened with expired: refresh it and reconnect with the last id), `session_ended` (signed out, session revoked, account deactivated or deleted: sign in again), `forbidden` (the caller may no longer follow this stream). Nothing is sent after the caller lost access.
         */
        get: operations["streamApplicationEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/demo-traffic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the organization's live demo traffic
         * @description The organization's live demo traffic: on or off, and what it has done.
         */
        get: operations["getDemoTraffic"];
        /**
         * Switch live demo traffic on or off
         * @description Switch live demo traffic on or off (applicants arriving through the public intake API).
         */
        put: operations["updateDemoTraffic"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/analytics/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the dashboard
         * @description The dashboard: headline figures with the previous period, applications over time, the live review queue and overdue cases, funnels, tool health, recent activity, insights.
         */
        get: operations["getDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the analytics overview of a period
         * @description Overview of a period: applications with the previous period, open cases, reviews against their SLA by role, tool health, failure reasons, slowest steps.
         */
        get: operations["getAnalyticsOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/analytics/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the applications of a period
         * @description Applications in a period: started and outcomes over time, time to decision, per workflow, with the previous period.
         */
        get: operations["getApplicationsAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get every workflow's figures for a period
         * @description Every workflow with its applications in a period (started, outcomes, conversion, time to decision, open now), beside the period before.
         */
        get: operations["getWorkflowsAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/insights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get ranked findings of a period
         * @description Ranked findings from the data of a period, each with its evidence and where to act: drop-off, SLA breaches, failing tools, failure rates, idle workflows, slow steps, long waits, graph problems.
         */
        get: operations["getWorkflowInsights"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/{id}/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a workflow's funnel for a period
         * @description A workflow's funnel in a period: per step reach, completions, drop-off, time in step and open cases; outcomes, reviews and failure reasons.
         */
        get: operations["getWorkflowAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ai/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the assistant
         * @description Answered from the user guide and the live data the caller may read, stored as an interaction. With `Accept: text/event-stream` the answer is streamed: `delta` events with the text as the provider writes it, then `done` with the same body as the JSON answer, or `error` with its status and detail.
         */
        post: operations["askAssistant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ai/interactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the assistant's interactions
         * @description The caller's own interactions; with scope=organization (administrators) the organization's, filtered by user, page, provider and feedback.
         */
        get: operations["listAssistantInteractions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ai/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rate one of the assistant's replies
         * @description Rate one of your replies 5, 3 or 1, once, with an optional comment.
         */
        post: operations["rateAssistantReply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ai/context-help/{topic}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get what the assistant says on a page
         * @description What the assistant says on a page (a page key of spec §4, or general_admin): welcome, suggestions, help from the guide.
         */
        get: operations["getAssistantContextHelp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ai/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get which provider answers, and whether it is online */
        get: operations["getAssistantStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ai-generator/generate-workflow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start drafting a workflow from a description
         * @description Answers the task id at once.
         */
        post: operations["startWorkflowGeneration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ai-generator/generate-tool": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start drafting a tool definition from a description
         * @description Answers the task id at once.
         */
        post: operations["startToolGeneration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ai-generator/task-status/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a generator task of yours
         * @description A generator task of yours: status, progress percent and stage, the draft with its assumptions, or the error.
         */
        get: operations["getGeneratorTask"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ai-generator/cancel-task/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending or running generator task of yours
         * @description It ends as cancelled; 409 once it has ended.
         */
        post: operations["cancelGeneratorTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ai-generator/create-workflow-from-ai": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save a finished task's workflow as a draft
         * @description Save a finished task's workflow as a draft (never active), audited.
         */
        post: operations["createWorkflowFromAi"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/ai-generator/create-tool-from-ai": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save a finished task's tool as a draft
         * @description Save a finished task's tool as a draft (never approved), audited.
         */
        post: operations["createToolFromAi"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/system/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the product-wide settings
         * @description Product-wide settings with their defaults.
         */
        get: operations["getSystemSettings"];
        /**
         * Change product-wide settings
         * @description Only the keys sent change; audited with before and after.
         */
        put: operations["updateSystemSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/system/branding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the branding
         * @description Product name, logo and switches the sign-in page and the shell show (for your organization when signed in).
         */
        get: operations["getBranding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/system/branding/logo/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a logo image
         * @description A logo image (an enabled branding.logo entry, as GET /api/system/branding names it).
         */
        get: operations["getBrandingLogo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/system-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List configuration entries
         * @description Configuration entries you can see, filtered and paginated.
         */
        get: operations["listSystemConfigEntries"];
        put?: never;
        /** Create a typed entry (string, number, boolean, JSON or secret) */
        post: operations["createSystemConfigEntry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/system-config/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get configuration statistics
         * @description Counts by environment, organization, enabled and kind; total size of files.
         */
        get: operations["getSystemConfigStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/system-config/by-key/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the entry in force for a key
         * @description The entry in force for your organization and an environment (the server's own unless named). Organization + environment beats organization (every environment) beats global + environment beats global; disabled entries do not count.
         */
        get: operations["getEffectiveSystemConfigEntry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/system-config/upload-binary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file entry
         * @description A multipart/form-data body (no JSON): text fields `key` (required), `description`, `organization_id` (default: your organization; a super admin acting in none: all organizations), `environment` (development, staging or production; default: every environment), and one file part `file`. The file streams into the database; above the upload limit of the system settings the answer is 413. The same key, organization and environment replaces the file (200); a new one answers 201. branding.logo takes PNG, JPEG, GIF or WebP images only (415).
         */
        post: operations["uploadSystemConfigFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/system-config/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an entry
         * @description A secret shows only that it is set.
         */
        get: operations["getSystemConfigEntry"];
        /**
         * Change an entry
         * @description A secret left out keeps the stored one.
         */
        put: operations["updateSystemConfigEntry"];
        post?: never;
        /** Delete an entry (and its file) */
        delete: operations["deleteSystemConfigEntry"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/system-config/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file entry's file
         * @description Always as an attachment, never shown inline.
         */
        get: operations["downloadSystemConfigFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/system-config/{id}/toggle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enable or disable an entry */
        post: operations["toggleSystemConfigEntry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/system/audit-logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the audit log
         * @description The audit log, newest first, with filters and keyset pages (`next_cursor`); `total` counts up to 1,000.
         */
        get: operations["listAuditLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/system/audit-logs/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the audit log as CSV
         * @description Every audit log row matching the list filters, as a CSV download (streamed, no row limit).
         */
        get: operations["exportAuditLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start an application on an active workflow
         * @description Starts a case on the workflow (pinned to its current version) and returns it with its status URL. Send an `Idempotency-Key` header to make retries safe: the same key and body answer the same application (200), the same key with another body is a 409.
         */
        post: operations["startApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/applications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an application's status
         * @description An application's status, current step and what the applicant must still provide.
         */
        get: operations["getApplicationStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/v1/applications/{id}/forms/{step_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer the form the application waits for
         * @description JSON with the answers by field key, or multipart/form-data (fields as text parts, `file` fields as file parts; at most 20 files of at most UPLOAD_LIMIT bytes each, 200 text parts of at most 100000 bytes, and a declared Content-Length of at most 20 × UPLOAD_LIMIT plus the 1 MiB body limit). Answers are checked against the form: unknown fields are a 400, missing or invalid ones a 422. The key, the application (404), its waiting form step (409) and the declared size (413) are checked before any part is read, and reading stops at the first part that breaks a rule (an unknown field, a file for a text field, a file past the limit): the answer comes at once and the connection is closed. Files are kept with the application and never served by this API.
         */
        post: operations["answerApplicationForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apply/start/{link}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a workflow's start page
         * @description A workflow's start page: its name, whether it takes applicants, and the organization's look.
         */
        get: operations["getApplicantStartPage"];
        put?: never;
        /**
         * Start a case on a workflow's start link
         * @description Starts a case for the applicant on the workflow's active version and answers its case link (the only time it is shown); a second link is e-mailed to the applicant to come back by. At most 10 starts per address per hour. `website` must be left empty. Refused (409) while the organization takes invited applicants only, or none, or the workflow is not active.
         */
        post: operations["startApplicantCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apply/case": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the case of the link
         * @description The case of the link: the form it waits for (with the draft), what happens next, or its outcome.
         */
        get: operations["getApplicantCase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apply/case/draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Keep what the applicant has typed into the form the case waits for
         * @description Answers by field key (text, numbers, true/false); at most 65536 bytes. Files are not kept in a draft.
         */
        put: operations["saveApplicantDraft"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/apply/case/forms/{step_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer the form the case waits for
         * @description JSON with the answers by field key, or multipart/form-data with files, under the same rules as the intake API’s form answer; besides, a case’s files may weigh at most 104857600 bytes together (413).
         */
        post: operations["answerApplicantForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/{id}/applicant-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a case's links to the applicant's pages
         * @description A case's links: made when and by whom, sent, opened, last seen, and whether each still works.
         */
        get: operations["listApplicantLinks"];
        put?: never;
        /**
         * Make a new link to the case’s applicant pages, to copy
         * @description Its address is shown only in this answer. Only for a case in progress (409 otherwise). A case has at most 10 working links: a new one revokes the oldest.
         */
        post: operations["issueApplicantLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/{id}/applicant-links/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail the applicant a new link to their pages
         * @description A 'continue your application' e-mail. The mail goes out from the queue, with a link made as it is sent; at most 3 such mails an hour reach one address. 409 for a case that has ended, an applicant without an e-mail address, or a server without e-mail.
         */
        post: operations["sendApplicantLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/applications/{id}/applicant-links/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke every working link of the case
         * @description The applicant's pages stop opening by them.
         */
        post: operations["revokeApplicantLinks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/workflows/{id}/start-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a workflow's public start link
         * @description A workflow's public start link, or null while it is off.
         */
        get: operations["getWorkflowStartLink"];
        /**
         * Turn a workflow's public start link on (a new address each time) or off
         * @description Turning it on when it is on keeps the address. Whether applicants may start by it is also the organization’s applicant_start setting.
         */
        put: operations["setWorkflowStartLink"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Metrics of this server process in the Prometheus text format
         * @description For operators. With METRICS_TOKEN set, send `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Without it, only callers on the same host (a loopback socket address; X-Forwarded-For is not believed) are served, others get 403. 503 when the metrics cannot be collected now.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Activity: {
            id: string;
            at: string;
            type: string;
            summary: string;
            /** Format: uuid */
            application_id: string;
            applicant_name: string | null;
            workflow_id: string | null;
            workflow_name: string | null;
            step_name: string | null;
            actor: string | null;
        };
        AiChatResponse: {
            success: boolean;
            data: {
                response: string;
                suggestions: string[];
                /** Format: uuid */
                interaction_id: string;
                context_understood: string;
                provider: string;
                links: {
                    title: string;
                    url: string;
                }[];
            };
            message: string;
        };
        AiContextHelp: {
            /** @enum {string} */
            topic: "dashboard_overview" | "workflow_management" | "workflow_builder" | "workflow_templates" | "tool_management" | "tool_builder" | "tool_marketplace" | "application_monitoring" | "application_analytics" | "user_management" | "role_management" | "organization_management" | "analytics_dashboard" | "compliance_management" | "system_settings" | "general_admin";
            title: string;
            welcome: string;
            suggestions: string[];
            help: string;
            links: {
                title: string;
                url: string;
            }[];
        };
        AiInteraction: {
            /** Format: uuid */
            id: string;
            user_id: string | null;
            user_email: string | null;
            user_name: string | null;
            organization_id: string | null;
            page: string;
            message: string;
            response: string;
            suggestions: string[];
            context_understood: string;
            provider: string;
            intent: string | null;
            latency_ms: number;
            prompt_tokens: number | null;
            completion_tokens: number | null;
            is_error: boolean;
            feedback_score: number | null;
            feedback_comment: string | null;
            created_at: string;
        };
        AiInteractionList: {
            items: components["schemas"]["AiInteraction"][];
            total: number;
            total_exact?: boolean;
            limit: number;
            offset: number;
        };
        AiStatus: {
            provider: string;
            online: boolean;
            model: string | null;
            enabled: boolean;
        };
        AiTask: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "workflow" | "tool";
            /** @enum {string} */
            status: "pending" | "running" | "completed" | "failed" | "cancelled";
            progress: number;
            stage: string;
            provider: string;
            result: {
                workflow?: components["schemas"]["GeneratedWorkflow"];
                tool?: components["schemas"]["GeneratedTool"];
                assumptions: string[];
                valid: boolean;
            } | null;
            error: string | null;
            created_id: string | null;
            created_at: string;
            updated_at: string;
        };
        AnalyticsOverview: {
            organization_id: string | null;
            generated_at: string;
            period: components["schemas"]["Period"];
            totals: components["schemas"]["ApplicationTotals"];
            previous: components["schemas"]["ApplicationTotals"];
            open_now: components["schemas"]["OpenCases"];
            review: components["schemas"]["ReviewSummary"];
            tools: components["schemas"]["ToolHealthSummary"] | null;
            failure_reasons: components["schemas"]["FailureReason"][];
            slowest_steps: {
                /** Format: uuid */
                workflow_id: string;
                workflow_name: string | null;
                /** Format: uuid */
                step_id: string;
                step_name: string | null;
                step_type: string;
                completed: number;
                p50_ms: number | null;
                p90_ms: number | null;
            }[];
        };
        ApiKey: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            name: string;
            prefix: string;
            scopes: string[];
            /** @enum {string} */
            environment: "development" | "staging" | "production";
            created_by: string | null;
            created_by_email: string | null;
            last_used_at: string | null;
            revoked_at: string | null;
            created_at: string;
        };
        ApiKeyList: {
            items: components["schemas"]["ApiKey"][];
        };
        ApplicantBranding: {
            product_name: string;
            logo_url: string | null;
            color: string | null;
            /** @enum {string} */
            language: "en" | "de";
            embed_origins: string[];
        };
        ApplicantCase: {
            workflow_name: string;
            branding: components["schemas"]["ApplicantBranding"];
            /** @enum {string} */
            state: "form" | "processing" | "review" | "waiting" | "done";
            form: {
                step_id: string;
                title: string;
                instructions: string;
                number: number;
                fields: components["schemas"]["ApplicantField"][];
                answers: {
                    [key: string]: string | number | boolean | null;
                };
            } | null;
            outcome: ("approved" | "rejected" | "completed" | "cancelled" | "failed") | null;
            limits: {
                file_bytes: number;
                case_bytes_left: number;
            };
            updated_at: string;
        };
        ApplicantField: {
            key: string;
            label: string;
            /** @enum {string} */
            type: "text" | "email" | "number" | "date" | "select" | "checkbox" | "file";
            required: boolean;
            options: string[];
        };
        ApplicantLinkList: {
            links: components["schemas"]["ApplicantLinkState"][];
        };
        ApplicantLinkState: {
            id: string;
            /** @enum {string} */
            state: "active" | "expired" | "revoked";
            created_at: string;
            /** @enum {string} */
            created_by: "user" | "api_key" | "applicant" | "system";
            expires_at: string;
            sent_to: string | null;
            sent_at: string | null;
            first_opened_at: string | null;
            last_seen_at: string | null;
            visits: number;
        };
        ApplicationCounts: {
            /** @description Pending, running or waiting */
            in_progress: number;
            waiting_for_review: number;
            /** @description With an open review past its deadline */
            overdue: number;
            /** @description Ended (any outcome but cancelled) since `today_from` */
            completed_today: number;
            /** @description Failed and not retried: each needs a retry or cancelling */
            failed: number;
        };
        ApplicationDetail: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            /** Format: uuid */
            workflow_id: string;
            workflow_name: string;
            workflow_version: number;
            /** @enum {string} */
            status: "pending" | "running" | "waiting" | "completed" | "failed" | "cancelled";
            outcome: string | null;
            waiting_for: string | null;
            wait_until: string | null;
            current_step_id: string | null;
            current_step_name: string | null;
            current_step_type: string | null;
            applicant_name: string;
            applicant_email: string;
            external_ref: string | null;
            /** @enum {string} */
            source: "api" | "manual" | "demo" | "apply";
            error: string | null;
            review_due_at: string | null;
            overdue: boolean;
            /** @description When a review of the case was escalated (its deadline passed on a step that escalates) */
            escalated_at: string | null;
            created_at: string;
            updated_at: string;
            completed_at: string | null;
            applicant: {
                [key: string]: unknown;
            };
            data: {
                [key: string]: unknown;
            };
            steps: components["schemas"]["ApplicationStepRun"][];
            events: components["schemas"]["ApplicationEvent"][];
            review_tasks: components["schemas"]["ReviewTask"][];
            tool_calls: components["schemas"]["ApplicationToolCall"][];
            files: components["schemas"]["ApplicationFile"][];
        };
        ApplicationEvent: {
            /** @description The stream position of the event (use as Last-Event-ID) */
            id: string;
            /** Format: uuid */
            application_id: string;
            /** Format: uuid */
            organization_id: string;
            workflow_id: string | null;
            /** @enum {string} */
            type: "application_created" | "step_entered" | "step_completed" | "step_failed" | "retry_scheduled" | "waiting" | "form_submitted" | "review_decided" | "notification_sent" | "application_completed" | "application_failed" | "application_cancelled" | "application_retried" | "applicant_visited" | "applicant_link_sent" | "review_claimed" | "review_released" | "review_assigned" | "review_escalated" | "note_added" | "note_redacted";
            step_id: string | null;
            step_type: string | null;
            /** @enum {string} */
            actor_type: "system" | "user" | "api_key" | "applicant";
            actor_id: string | null;
            data: {
                [key: string]: unknown;
            };
            error: string | null;
            created_at: string;
        };
        ApplicationFile: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            step_id: string;
            field_key: string;
            file_name: string;
            content_type: string;
            size_bytes: number;
            sha256: string;
            created_at: string;
        };
        ApplicationList: {
            items: components["schemas"]["ApplicationSummary"][];
            total: number;
            total_exact?: boolean;
            limit: number;
            offset: number;
            next_cursor: string | null;
        };
        ApplicationsAnalytics: {
            organization_id: string | null;
            generated_at: string;
            period: components["schemas"]["Period"];
            filters: {
                workflow_id: string | null;
                status: ("started" | "completed" | "approved" | "rejected" | "failed" | "cancelled") | null;
            };
            totals: components["schemas"]["ApplicationTotals"];
            previous: components["schemas"]["ApplicationTotals"];
            over_time: components["schemas"]["OverTimePoint"][];
            decision_time: {
                label: string;
                up_to_ms: number | null;
                count: number;
            }[];
            per_workflow: components["schemas"]["WorkflowFigures"][];
            open_now: components["schemas"]["OpenCases"];
        };
        ApplicationStepRun: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            step_id: string;
            step_type: string;
            step_name: string;
            /** @enum {string} */
            status: "running" | "waiting" | "completed" | "failed" | "cancelled";
            attempts: number;
            branch: string | null;
            output: unknown;
            error: string | null;
            entered_at: string;
            completed_at: string | null;
            duration_ms: number | null;
        };
        ApplicationSummary: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            /** Format: uuid */
            workflow_id: string;
            workflow_name: string;
            workflow_version: number;
            /** @enum {string} */
            status: "pending" | "running" | "waiting" | "completed" | "failed" | "cancelled";
            outcome: string | null;
            waiting_for: string | null;
            wait_until: string | null;
            current_step_id: string | null;
            current_step_name: string | null;
            current_step_type: string | null;
            applicant_name: string;
            applicant_email: string;
            external_ref: string | null;
            /** @enum {string} */
            source: "api" | "manual" | "demo" | "apply";
            error: string | null;
            review_due_at: string | null;
            overdue: boolean;
            /** @description When a review of the case was escalated (its deadline passed on a step that escalates) */
            escalated_at: string | null;
            created_at: string;
            updated_at: string;
            completed_at: string | null;
        };
        ApplicationToolCall: {
            /** Format: uuid */
            id: string;
            tool_id: string | null;
            tool_name: string | null;
            status: string;
            input: unknown;
            output: unknown;
            request: unknown;
            response: unknown;
            error: string | null;
            latency_ms: number | null;
            attempts: number;
            created_at: string;
        };
        ApplicationTotals: {
            started: number;
            completed: number;
            approved: number;
            rejected: number;
            failed: number;
            cancelled: number;
            approval_rate: number | null;
            failure_rate: number | null;
            decision_p50_ms: number | null;
            decision_p90_ms: number | null;
        };
        AuditLogEntry: {
            /** Format: uuid */
            id: string;
            actor: {
                id: string | null;
                email: string | null;
                name: string | null;
            };
            action: string;
            target_type: string;
            target_id: string | null;
            target_name: string | null;
            organization: {
                id: string;
                name: string | null;
            } | null;
            summary: string;
            changes: {
                [key: string]: unknown;
            };
            ip: string | null;
            request_id: string | null;
            created_at: string;
        };
        AuditLogList: {
            items: components["schemas"]["AuditLogEntry"][];
            total: number;
            total_exact: boolean;
            limit: number;
            offset: number;
            next_cursor: string | null;
        };
        Branding: {
            product_name: string;
            logo_url: string | null;
            password_min_length: number;
            ai_assistant: boolean;
        };
        BulkReviewResponse: {
            results: components["schemas"]["BulkReviewResult"][];
            succeeded: number;
            failed: number;
        };
        BulkReviewResult: {
            /** Format: uuid */
            task_id: string;
            ok: boolean;
            status: number;
            detail: string | null;
            application_id: string | null;
        };
        CaseNote: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            application_id: string;
            author_id: string | null;
            author_email: string;
            /** @description Markdown; empty once redacted */
            body: string;
            /** @description Colleagues mentioned as @their-email, each notified */
            mentions: {
                /** Format: uuid */
                id: string;
                email: string;
            }[];
            created_at: string;
            edited_at: string | null;
            /** @description Until when its author may change it */
            editable_until: string;
            redacted_at: string | null;
            redacted_by_email: string | null;
            /** @description Attached files, oldest first (at most 10; removed when the note is redacted) */
            files: components["schemas"]["CaseNoteFile"][];
        };
        CaseNoteFile: {
            /** Format: uuid */
            id: string;
            file_name: string;
            /** @description As the uploader’s browser named it; the download is always application/octet-stream */
            content_type: string;
            size_bytes: number;
            sha256: string;
            created_at: string;
        };
        CaseNoteList: {
            items: components["schemas"]["CaseNote"][];
        };
        ChangePasswordResponse: {
            success: boolean;
            message: string;
        };
        ConfigCreateInput: {
            key: string;
            /** @default  */
            description: string;
            organization_id?: string | null;
            environment?: ("development" | "staging" | "production") | null;
            /** @enum {string} */
            value_type: "string" | "number" | "boolean" | "json" | "secret";
            value: unknown;
            /** @default true */
            is_enabled: boolean;
        };
        ConfigEffective: {
            key: string;
            organization_id: string | null;
            /** @enum {string} */
            environment: "development" | "staging" | "production";
            /** @enum {string} */
            resolved_from: "organization_environment" | "organization" | "global_environment" | "global";
            entry: components["schemas"]["ConfigEntry"];
        };
        ConfigEntry: {
            /** Format: uuid */
            id: string;
            key: string;
            description: string;
            organization_id: string | null;
            organization_name: string | null;
            environment: ("development" | "staging" | "production") | null;
            /** @enum {string} */
            value_type: "string" | "number" | "boolean" | "json" | "secret" | "file";
            value: unknown;
            has_secret: boolean;
            file: components["schemas"]["ConfigFile"] | null;
            is_enabled: boolean;
            created_by: string | null;
            updated_by: string | null;
            created_at: string;
            updated_at: string;
        };
        ConfigFile: {
            file_name: string;
            content_type: string;
            size_bytes: number;
            sha256: string;
            download_url: string;
        };
        ConfigList: {
            items: components["schemas"]["ConfigEntry"][];
            total: number;
            limit: number;
            offset: number;
        };
        ConfigStats: {
            total: number;
            enabled: number;
            disabled: number;
            by_environment: {
                [key: string]: number;
            };
            by_kind: {
                [key: string]: number;
            };
            by_organization: {
                organization_id: string | null;
                organization_name: string | null;
                count: number;
            }[];
            files: number;
            file_bytes: number;
            upload_limit_bytes: number;
            /** @enum {string} */
            server_environment: "development" | "staging" | "production";
        };
        ConfigUpdateInput: {
            description?: string;
            /** @enum {string} */
            value_type?: "string" | "number" | "boolean" | "json" | "secret";
            value?: unknown;
            is_enabled?: boolean;
            environment?: ("development" | "staging" | "production") | null;
        };
        ConfirmRegistrationResponse: {
            success: boolean;
            pending_approval: boolean;
            message: string;
        };
        Connection: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            workflow_id: string;
            /** Format: uuid */
            source_step_id: string;
            /** Format: uuid */
            target_step_id: string;
            condition: string | null;
            label: string | null;
            workflow_version: number;
            created_at: string;
        };
        ConnectionList: {
            items: components["schemas"]["Connection"][];
            total: number;
        };
        CreatedApiKey: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            name: string;
            prefix: string;
            scopes: string[];
            /** @enum {string} */
            environment: "development" | "staging" | "production";
            created_by: string | null;
            created_by_email: string | null;
            last_used_at: string | null;
            revoked_at: string | null;
            created_at: string;
            key: string;
        };
        CreateUserResponse: {
            /** Format: uuid */
            id: string;
            email: string;
            first_name: string;
            last_name: string;
            /** @enum {string} */
            role: "super_admin" | "admin" | "manager" | "operator" | "viewer" | "compliance_officer" | "analyst";
            /** Format: uuid */
            organization_id: string;
            organization_name?: string;
            permissions: string[];
            extra_permissions: string[];
            is_active: boolean;
            pending_approval: boolean;
            is_locked: boolean;
            locked_until: string | null;
            failed_logins: number;
            last_login_at: string | null;
            created_at: string;
            updated_at: string;
            message: string;
        };
        CreateWebhookInput: {
            url: string;
            /** @default  */
            description: string;
            event_types: ("application.started" | "application.waiting" | "application.decided" | "application.completed" | "application.failed" | "application.cancelled" | "review.overdue" | "tool.approved")[];
        };
        CreationOptions: {
            challenge: string;
            rp: {
                id?: string;
                name: string;
            };
            user: {
                id: string;
                name: string;
                displayName: string;
            };
            pubKeyCredParams: {
                alg: number;
                type: string;
            }[];
            timeout?: number;
            excludeCredentials?: {
                id: string;
                type: string;
                transports?: string[];
            }[];
            authenticatorSelection?: {
                authenticatorAttachment?: string;
                residentKey?: string;
                requireResidentKey?: boolean;
                userVerification?: string;
            };
            attestation?: string;
        } & {
            [key: string]: unknown;
        };
        Dashboard: {
            organization_id: string | null;
            generated_at: string;
            period: components["schemas"]["Period"];
            totals: components["schemas"]["ApplicationTotals"];
            previous: components["schemas"]["ApplicationTotals"];
            over_time: components["schemas"]["OverTimePoint"][];
            open_now: components["schemas"]["OpenCases"];
            review: {
                open: number;
                overdue: number;
                oldest_created_at: string | null;
                decided: number;
                breached: number;
                breach_rate: number | null;
                previous_decided: number;
                previous_breached: number;
                escalated: number;
                previous_escalated: number;
                wait_p50_ms: number | null;
                wait_p90_ms: number | null;
                by_role: components["schemas"]["ReviewRole"][];
                mine: number;
                claimed_by_me: number;
                unclaimed_mine: number;
                urgent_cases: components["schemas"]["UrgentReview"][];
            };
            funnels: components["schemas"]["Funnel"][];
            tools: components["schemas"]["ToolHealthSummary"] | null;
            activity: components["schemas"]["Activity"][];
            insights: components["schemas"]["Insight"][];
            attention: {
                tools_pending_approval: number | null;
                pending_sign_ups: number | null;
                locked_users: number | null;
                invalid_active_workflows: number | null;
            } | null;
        };
        DemoTraffic: {
            enabled: boolean;
            per_minute: number;
            started: number;
            forms_answered: number;
            since: string | null;
        };
        Error: {
            detail: string;
            validation_errors?: components["schemas"]["ValidationError"][];
        };
        ExecutionList: {
            items: components["schemas"]["ToolExecution"][];
            total: number;
            total_exact?: boolean;
            limit: number;
            offset: number;
        };
        ExecutionRequest: {
            method?: string;
            url?: string;
            headers?: {
                [key: string]: string;
            };
            body?: unknown;
        } & {
            [key: string]: unknown;
        };
        ExecutionResponse: {
            status?: number;
            headers?: {
                [key: string]: string;
            };
            body?: unknown;
            truncated?: boolean;
        } & {
            [key: string]: unknown;
        };
        FailureReason: {
            reason: string;
            count: number;
            /** Format: uuid */
            workflow_id: string;
            workflow_name: string | null;
            step_id: string | null;
            step_name: string | null;
            step_type: string | null;
        };
        FormFieldSpec: {
            key: string;
            label: string;
            type: string;
            required: boolean;
            options: string[];
        };
        FormStop: {
            /** Format: uuid */
            step_id: string;
            step_name: string;
            /** @description null for the rows "nothing typed" and "all answered, not sent" */
            field_key: string | null;
            label: string;
            stopped: number;
            waiting: number;
        };
        Funnel: {
            /** Format: uuid */
            workflow_id: string;
            name: string;
            started: number;
            completed: number;
            conversion: number | null;
            steps: {
                /** Format: uuid */
                step_id: string;
                name: string;
                type: string;
                entered: number;
                completed: number;
            }[];
        };
        GeneratedTool: {
            name: string;
            description: string;
            tool_type: string;
            config: {
                [key: string]: unknown;
            };
            input_schema: {
                [key: string]: unknown;
            };
        };
        GeneratedWorkflow: {
            name: string;
            description: string;
            category: string;
            graph: {
                steps: {
                    [key: string]: unknown;
                }[];
                connections: {
                    [key: string]: unknown;
                }[];
            };
        };
        GenerateResponse: {
            success: boolean;
            /** Format: uuid */
            task_id: string;
            /** @enum {string} */
            status: "pending" | "running" | "completed" | "failed" | "cancelled";
            message: string;
        };
        GraphDeletion: {
            success: boolean;
            message: string;
            workflow_version: number;
        };
        GraphErrorBody: {
            detail: string;
            validation_errors?: components["schemas"]["ValidationError"][];
            problems?: components["schemas"]["GraphProblem"][];
        };
        GraphProblem: {
            code: string;
            message: string;
            step_id?: string;
            connection_index?: number;
            field?: string;
        };
        Insight: {
            /** @enum {string} */
            kind: "validation_problems" | "drop_off" | "sla_breaches" | "failing_tool" | "failure_rate" | "no_traffic" | "slow_step" | "longest_wait" | "stale_draft";
            /** @enum {string} */
            severity: "critical" | "warning" | "info";
            score: number;
            title: string;
            message: string;
            evidence: {
                label: string;
                value: string;
            }[];
            link: {
                label: string;
                path: string;
            };
            workflow_id: string | null;
            workflow_name: string | null;
            step_id: string | null;
            step_name: string | null;
            tool_id: string | null;
            tool_name: string | null;
            value: number;
        };
        Insights: {
            organization_id: string | null;
            generated_at: string;
            period: components["schemas"]["Period"];
            insights: components["schemas"]["Insight"][];
        };
        IssuedLink: {
            url: string;
            expires_at: string;
        };
        LoginResponse: {
            access_token: string;
            refresh_token: string;
            /** @constant */
            token_type: "bearer";
            expires_in: number;
            user: components["schemas"]["User"];
        };
        McpInfo: {
            url: string;
            /** @constant */
            transport: "streamable-http";
            tools: number;
        };
        OpenCases: {
            total: number;
            running: number;
            waiting_form: number;
            waiting_review: number;
            waiting_delay: number;
            waiting_retry: number;
        };
        Organization: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            description: string;
            is_active: boolean;
            settings: components["schemas"]["OrganizationSettings"];
            user_count: number;
            created_at: string;
            updated_at: string;
        };
        OrganizationList: {
            items: components["schemas"]["Organization"][];
            total: number;
            total_exact?: boolean;
            limit: number;
            offset: number;
            organizations: components["schemas"]["Organization"][];
        };
        OrganizationSettings: {
            /** @default false */
            allow_registration: boolean;
            /** @default [] */
            allowed_email_domains: string[];
            /** @default true */
            registration_requires_approval: boolean;
            /** @default UTC */
            timezone: string;
            /** @default 30 */
            session_timeout_minutes: number;
            /** @default [] */
            two_factor_required_roles: ("super_admin" | "admin" | "manager" | "operator" | "viewer" | "compliance_officer" | "analyst")[];
            /**
             * @default open
             * @enum {string}
             */
            applicant_start: "open" | "invitation" | "off";
            /** @default 14 */
            applicant_link_days: number;
            /**
             * @default en
             * @enum {string}
             */
            applicant_language: "en" | "de";
            /** @default [] */
            applicant_embed_origins: string[];
        } & {
            [key: string]: unknown;
        };
        OrganizationSettingsResponse: {
            /** Format: uuid */
            organization_id: string;
            settings: components["schemas"]["OrganizationSettings"];
        };
        OrganizationSettingsUpdateInput: {
            allow_registration?: boolean;
            allowed_email_domains?: string[];
            registration_requires_approval?: boolean;
            timezone?: string;
            session_timeout_minutes?: number;
            two_factor_required_roles?: ("super_admin" | "admin" | "manager" | "operator" | "viewer" | "compliance_officer" | "analyst")[];
            /** @enum {string} */
            applicant_start?: "open" | "invitation" | "off";
            applicant_link_days?: number;
            /** @enum {string} */
            applicant_language?: "en" | "de";
            applicant_embed_origins?: string[];
        };
        OverTimePoint: {
            started: number;
            completed: number;
            approved: number;
            rejected: number;
            failed: number;
            cancelled: number;
            at: string;
        };
        Passkey: {
            /** Format: uuid */
            id: string;
            name: string;
            created_at: string;
            last_used_at: string | null;
            synced: boolean;
        };
        PasskeyAdded: {
            passkey: components["schemas"]["Passkey"];
            message: string;
        };
        PasskeyList: {
            passkeys: components["schemas"]["Passkey"][];
        };
        PendingForm: {
            /** Format: uuid */
            step_id: string;
            title: string;
            instructions: string;
            fields: components["schemas"]["FormFieldSpec"][];
            submit_url: string;
        };
        Period: {
            /** @enum {string} */
            range: "today" | "7d" | "30d" | "90d" | "custom";
            from: string;
            to: string;
            /** @enum {string} */
            bucket: "hour" | "day" | "week";
            tz: string;
            days: number;
            previous_from: string;
            previous_to: string;
            as_of: string | null;
        };
        PermissionsResponse: {
            success: boolean;
            permissions: string[];
            role_permissions: string[];
            extra_permissions: string[];
        };
        Preferences: {
            /**
             * @default light
             * @enum {string}
             */
            theme: "light" | "dark";
            /** @default true */
            sidebar_open: boolean;
            /** @default 25 */
            page_size: 10 | 25 | 50 | 100;
            /**
             * @default 24h
             * @enum {string}
             */
            time_format: "24h" | "12h";
            /** @default  */
            timezone: string;
        };
        PreferencesUpdateInput: {
            /** @enum {string} */
            theme?: "light" | "dark";
            sidebar_open?: boolean;
            page_size?: 10 | 25 | 50 | 100;
            /** @enum {string} */
            time_format?: "24h" | "12h";
            timezone?: string;
        };
        ProfileResponse: {
            success: boolean;
            user: components["schemas"]["User"];
            message: string;
        };
        /**
         * @example {
         *       "id": "9b1f3c2e-7a4d-4e8f-b6c1-2d3e4f5a6b7c",
         *       "workflow_id": "3f2b8c1e-5d4a-4f6b-9c2e-1a7d8e9f0b1c",
         *       "status": "waiting",
         *       "outcome": null,
         *       "external_ref": "crm-10442",
         *       "current_step": {
         *         "id": "5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f",
         *         "name": "Personal details",
         *         "type": "form"
         *       },
         *       "waiting_for": "form",
         *       "required": {
         *         "step_id": "5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f",
         *         "title": "Tell us about yourself",
         *         "instructions": "Use your name exactly as it appears on your identity document.",
         *         "fields": [
         *           {
         *             "key": "first_name",
         *             "label": "First name",
         *             "type": "text",
         *             "required": true,
         *             "options": []
         *           },
         *           {
         *             "key": "date_of_birth",
         *             "label": "Date of birth",
         *             "type": "date",
         *             "required": true,
         *             "options": []
         *           }
         *         ],
         *         "submit_url": "/api/public/v1/applications/9b1f3c2e-7a4d-4e8f-b6c1-2d3e4f5a6b7c/forms/5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f"
         *       },
         *       "status_url": "/api/public/v1/applications/9b1f3c2e-7a4d-4e8f-b6c1-2d3e4f5a6b7c",
         *       "created_at": "2026-11-25T09:30:00.000Z",
         *       "updated_at": "2026-11-25T09:30:00.120Z",
         *       "completed_at": null
         *     }
         */
        PublicApplication: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            workflow_id: string;
            /** @enum {string} */
            status: "pending" | "running" | "waiting" | "completed" | "failed" | "cancelled";
            outcome: string | null;
            external_ref: string | null;
            current_step: {
                /** Format: uuid */
                id: string;
                name: string;
                type: string;
            } | null;
            waiting_for: string | null;
            required: components["schemas"]["PendingForm"] | null;
            status_url: string;
            /** @description Only when the application is started: a link to the applicant's own pages (/apply/c/<token>), to send them; shown this once (only its hash is kept) */
            applicant_url?: string;
            created_at: string;
            updated_at: string;
            completed_at: string | null;
        };
        RecoveryCodes: {
            recovery_codes: string[];
            message: string;
        };
        RefreshResponse: {
            access_token: string;
            refresh_token: string;
            /** @constant */
            token_type: "bearer";
            expires_in: number;
        };
        RegisterResponse: {
            success: boolean;
            message: string;
        };
        RegistrationAvailability: {
            available: boolean;
        };
        RequestOptions: {
            challenge: string;
            rpId?: string;
            timeout?: number;
            allowCredentials?: {
                id: string;
                type: string;
                transports?: string[];
            }[];
            userVerification?: string;
        } & {
            [key: string]: unknown;
        };
        Reviewer: {
            /** Format: uuid */
            id: string;
            email: string;
            name: string;
            role: string;
            /** @description Open reviews this person has now */
            open_reviews: number;
        };
        ReviewerList: {
            items: components["schemas"]["Reviewer"][];
        };
        ReviewQueueCounts: {
            /** @description Open reviews the caller has (claimed or assigned to them) */
            mine: number;
            /** @description Open reviews of the caller’s roles that nobody has claimed */
            unclaimed: number;
            /** @description Open reviews the caller may decide, whoever has them */
            roles: number;
            /** @description Of `mine`, those past their deadline */
            overdue_mine: number;
        };
        ReviewRole: {
            assignee_role: string;
            open: number;
            overdue: number;
            oldest_created_at: string | null;
            decided: number;
            breached: number;
            breach_rate: number | null;
            wait_p50_ms: number | null;
            wait_p90_ms: number | null;
        };
        ReviewSummary: {
            open: number;
            overdue: number;
            oldest_created_at: string | null;
            decided: number;
            breached: number;
            breach_rate: number | null;
            previous_decided: number;
            previous_breached: number;
            escalated: number;
            previous_escalated: number;
            wait_p50_ms: number | null;
            wait_p90_ms: number | null;
            by_role: components["schemas"]["ReviewRole"][];
        };
        ReviewTask: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            application_id: string;
            /** Format: uuid */
            workflow_id: string;
            /** Format: uuid */
            step_id: string;
            step_name: string;
            assignee_role: string;
            instructions: string;
            /** @enum {string} */
            status: "open" | "approved" | "rejected" | "cancelled";
            due_at: string;
            overdue: boolean;
            decided_by: string | null;
            decided_by_email: string | null;
            decided_at: string | null;
            comment: string | null;
            created_at: string;
            /** @description Who has the review (claimed it or was assigned it); null: nobody yet */
            claimed_by: string | null;
            claimed_by_email: string | null;
            claimed_by_name: string | null;
            claimed_at: string | null;
            /** @description The lead who assigned it; null when its holder claimed it */
            assigned_by_email: string | null;
            /** @description When its deadline passed and the step escalated it */
            escalated_at: string | null;
            /** @description 1, or 2 for the second decision of a four-eyes step */
            stage: number;
            /** @description On a second decision: the first review (whose decider may not give this one) */
            first_review_id: string | null;
            applicant_name?: string;
            workflow_name?: string;
        };
        ReviewTaskList: {
            items: components["schemas"]["ReviewTask"][];
            total: number;
            limit: number;
            offset: number;
        };
        SavedConnection: {
            id: string;
            source: string;
            target: string;
            condition: string | null;
            label: string | null;
        };
        SavedDraft: {
            saved_at: string;
        };
        SaveDraftInput: {
            /** Format: uuid */
            step_id: string;
            answers: {
                [key: string]: string | number | boolean | null;
            };
        };
        SavedStep: {
            id: string;
            type: string;
            name: string;
            config: {
                [key: string]: unknown;
            };
            position: {
                x: number;
                y: number;
            };
        };
        SearchResponse: {
            q: string;
            results: components["schemas"]["SearchResult"][];
            totals: {
                [key: string]: number;
            };
            /** @description Types whose total is a cap reached, not a count: "more than" it */
            capped: ("user" | "organization" | "workflow" | "tool" | "application")[];
        };
        SearchResult: {
            /** @enum {string} */
            type: "user" | "organization" | "workflow" | "tool" | "application";
            id: string;
            title: string;
            subtitle: string;
            url: string;
        };
        SecondFactorChallenge: {
            /** @constant */
            second_factor_required: true;
            enrolment_required: boolean;
            challenge_token: string;
            methods: ("totp" | "recovery_code" | "passkey")[];
            expires_in: number;
        };
        Session: {
            /** Format: uuid */
            id: string;
            device: string;
            user_agent: string | null;
            ip: string | null;
            created_at: string;
            last_used_at: string;
            expires_at: string;
            current: boolean;
        };
        SessionList: {
            items: components["schemas"]["Session"][];
        };
        SessionsRevoked: {
            success: boolean;
            revoked: number;
            message: string;
        };
        SetStartLinkInput: {
            enabled: boolean;
        };
        SimulationCase: {
            /** Format: uuid */
            application_id: string;
            created_at: string;
            before: string;
            after: string;
            changed: boolean;
            reason: string | null;
        };
        SimulationCaseList: {
            items: components["schemas"]["SimulationCase"][];
            total: number;
            total_exact?: boolean;
            limit: number;
            offset: number;
        };
        SimulationCasePaths: {
            /** Format: uuid */
            application_id: string;
            created_at: string;
            before: string;
            after: string;
            changed: boolean;
            reason: string | null;
            before_path: {
                step_id: string;
                name: string;
                type: string;
                branch: string | null;
                source: string | null;
            }[];
            after_path: {
                step_id: string;
                name: string;
                type: string;
                branch: string | null;
                source: string | null;
            }[];
        };
        SimulationList: {
            items: components["schemas"]["SimulationRun"][];
            total: number;
            total_exact?: boolean;
            limit: number;
            offset: number;
        };
        SimulationRun: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            /** Format: uuid */
            workflow_id: string;
            version: number;
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed";
            from: string;
            to: string;
            ran_on_version: number | null;
            /** @enum {string} */
            new_reviews: "wait" | "approve" | "reject" | "as_recorded_by_role";
            max_cases: number;
            sandbox_tools: string[];
            cases_done: number;
            summary: components["schemas"]["SimulationSummary"] | null;
            error: string | null;
            created_by: string | null;
            created_by_name: string | null;
            created_at: string;
            started_at: string | null;
            finished_at: string | null;
        };
        SimulationSummary: {
            cases: number;
            not_replayable: number;
            changed: number;
            /** @default 0 */
            sandbox_calls: number;
            period_days: number;
            transitions: {
                from: string;
                to: string;
                cases: number;
            }[];
            reviews: {
                role: string;
                before: number;
                after: number;
                /** @description Of the role's reviews before, those decided past their step's deadline */
                late_before: number;
                /** @description Of the role's reviews after, those whose recorded time passes this version's deadline */
                late_after: number;
            }[];
            tool_calls: {
                tool: string;
                before: number;
                after: number;
                /** @description Mean latency of the tool's recorded calls (null: none known) */
                latency_before_ms: number | null;
                /** @description Mean latency of the calls on this version: recorded, or made now (computed, sandbox) */
                latency_after_ms: number | null;
            }[];
            /** @description Time to decision: the sum of a case's step times from its start to its end */
            decision_time: {
                /** @description Cases that ended, as recorded */
                before: {
                    /** @description Cases the figures are over */
                    cases: number;
                    median_ms: number;
                    p90_ms: number;
                } | null;
                /** @description Cases that end on this version and whose every step's time is known */
                after: {
                    /** @description Cases the figures are over */
                    cases: number;
                    median_ms: number;
                    p90_ms: number;
                } | null;
            };
            steps: {
                step_id: string;
                before: number;
                after: number;
            }[];
            connections: {
                source: string;
                target: string;
                before: number;
                after: number;
            }[];
        };
        SsoDiscoverResponse: {
            provider_name: string | null;
            sso_only: boolean;
        };
        SsoSettings: {
            enabled: boolean;
            provider_name: string;
            issuer: string;
            client_id: string;
            allowed_domains: string[];
            /** @enum {string} */
            default_role: "admin" | "manager" | "operator" | "viewer" | "compliance_officer" | "analyst";
            roles_claim: string | null;
            sso_only: boolean;
            has_client_secret: boolean;
            updated_at: string;
        };
        SsoSettingsResponse: {
            sso: components["schemas"]["SsoSettings"] | null;
            redirect_uri: string;
            message?: string;
        };
        StaffNotification: {
            /** Format: uuid */
            id: string;
            application_id: string | null;
            applicant_name: string | null;
            recipient_role: string | null;
            recipient_user_id: string | null;
            title: string;
            body: string;
            read: boolean;
            created_at: string;
        };
        StaffNotificationList: {
            items: components["schemas"]["StaffNotification"][];
            total: number;
            unread: number;
            limit: number;
            offset: number;
        };
        StartApplicantCaseInput: {
            name: string;
            email: string;
            /** @description Leave empty */
            website?: string;
        };
        StartLink: {
            url: string | null;
        };
        StartPage: {
            workflow_name: string;
            /** @enum {string} */
            start: "open" | "invitation" | "off";
            branding: components["schemas"]["ApplicantBranding"];
        };
        Step: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            workflow_id: string;
            type: string;
            name: string;
            config: {
                [key: string]: unknown;
            };
            position: {
                x: number;
                y: number;
            };
            workflow_version: number;
            created_at: string;
            updated_at: string;
        };
        StepConfigCheck: {
            valid: boolean;
            config: {
                [key: string]: unknown;
            } | null;
            errors: components["schemas"]["ValidationError"][];
        };
        StepFigures: {
            /** Format: uuid */
            step_id: string;
            name: string | null;
            type: string | null;
            in_current_version: boolean;
            depth: number | null;
            entered: number;
            completed: number;
            failed: number;
            cancelled: number;
            dropped: number;
            drop_off_rate: number | null;
            time_p50_ms: number | null;
            time_p90_ms: number | null;
            time_mean_ms: number | null;
            open_now: number;
            previous_entered: number;
            previous_completed: number;
        };
        StepList: {
            items: components["schemas"]["Step"][];
            total: number;
        };
        StepTemplates: {
            items: components["schemas"]["StepTypeDescription"][];
            expression_functions: string[];
        };
        StepTypeDescription: {
            type: string;
            label: string;
            description: string;
            icon: string;
            category: string;
            config_schema: {
                [key: string]: unknown;
            };
            defaults: {
                [key: string]: unknown;
            };
            accepts_input: boolean;
            /** @enum {string} */
            outputs: "none" | "single" | "branches";
            branches: {
                id: string;
                label: string;
            }[];
        };
        Success: {
            success: boolean;
            message?: string;
        };
        SystemSettings: {
            product_name: string;
            password_min_length: number;
            lockout_threshold: number;
            lockout_minutes: number;
            session_idle_minutes: number;
            session_max_hours: number;
            login_rate_limit_per_minute: number;
            upload_limit_bytes: number;
            application_retention_days: number;
            audit_retention_days: number;
            self_registration_enabled: boolean;
            two_factor_required_roles: ("super_admin" | "admin" | "manager" | "operator" | "viewer" | "compliance_officer" | "analyst")[];
        };
        SystemSettingsResponse: {
            settings: components["schemas"]["SystemSettings"];
            defaults: components["schemas"]["SystemSettings"];
            customized: string[];
            updated_at: string | null;
            updated_by: string | null;
            unavailable: {
                [key: string]: string;
            };
        };
        SystemSettingsUpdateInput: {
            product_name?: string;
            password_min_length?: number;
            lockout_threshold?: number;
            lockout_minutes?: number;
            session_idle_minutes?: number;
            session_max_hours?: number;
            login_rate_limit_per_minute?: number;
            upload_limit_bytes?: number;
            application_retention_days?: number;
            audit_retention_days?: number;
            self_registration_enabled?: boolean;
            two_factor_required_roles?: ("super_admin" | "admin" | "manager" | "operator" | "viewer" | "compliance_officer" | "analyst")[];
        };
        Tool: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            organization_name: string;
            name: string;
            description: string;
            tool_type: string;
            input_schema: {
                [key: string]: unknown;
            };
            output_schema: {
                [key: string]: unknown;
            } | null;
            config: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            status: "draft" | "pending_approval" | "approved" | "rejected" | "disabled";
            is_enabled: boolean;
            created_by: string | null;
            created_by_email: string | null;
            created_at: string;
            updated_at: string;
        };
        ToolAnalytics: {
            tool_id: string | null;
            from: string;
            to: string;
            /** @enum {string} */
            bucket: "hour" | "day";
            calls: number;
            successes: number;
            errors: number;
            error_rate: number;
            latency_ms: {
                p50: number | null;
                p95: number | null;
                p99: number | null;
            };
            workflow_calls: number;
            failed_cases: number;
            over_time: {
                at: string;
                calls: number;
                errors: number;
                p50: number | null;
                p95: number | null;
            }[];
            top_errors: {
                error: string;
                count: number;
            }[];
            top_callers: {
                caller_type: string;
                caller_id: string | null;
                caller_name: string | null;
                calls: number;
            }[];
            per_tool?: {
                tool_id: string | null;
                tool_name: string | null;
                calls: number;
                errors: number;
                error_rate: number;
                p50: number | null;
                p95: number | null;
                p99: number | null;
                workflow_calls: number;
                failed_cases: number;
            }[];
        };
        ToolConfiguration: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            tool_id: string;
            /** @enum {string} */
            environment: "development" | "staging" | "production";
            config: {
                [key: string]: unknown;
            };
            secrets: {
                [key: string]: string;
            };
            is_active: boolean;
            secrets_approved: boolean;
            /** @enum {string} */
            tool_status: "draft" | "pending_approval" | "approved" | "rejected" | "disabled";
            created_at: string;
            updated_at: string;
        };
        ToolConfigurationList: {
            items: components["schemas"]["ToolConfiguration"][];
        };
        ToolExecution: {
            /** Format: uuid */
            id: string;
            tool_id: string | null;
            tool_name: string | null;
            caller_type: string;
            caller_id: string | null;
            caller_name: string | null;
            environment: string | null;
            /** @enum {string} */
            status: "success" | "error" | "timeout" | "refused";
            input: unknown;
            output: unknown;
            request: components["schemas"]["ExecutionRequest"] | null;
            response: components["schemas"]["ExecutionResponse"] | null;
            error: string | null;
            latency_ms: number | null;
            attempts: number;
            created_at: string;
        };
        ToolHealth: {
            /** Format: uuid */
            tool_id: string;
            name: string | null;
            calls: number;
            errors: number;
            error_rate: number | null;
            p50_ms: number | null;
            p95_ms: number | null;
            p99_ms: number | null;
            workflow_calls: number;
            failed_cases: number;
            previous_calls: number;
            previous_errors: number;
        };
        ToolHealthSummary: {
            calls: number;
            errors: number;
            error_rate: number | null;
            previous_calls: number;
            previous_errors: number;
            tools: components["schemas"]["ToolHealth"][];
        };
        ToolList: {
            items: components["schemas"]["Tool"][];
            total: number;
            total_exact?: boolean;
            limit: number;
            offset: number;
        };
        ToolStatusChange: {
            /** Format: uuid */
            id: string;
            from_status: string | null;
            to_status: string;
            comment: string | null;
            changed_by: string | null;
            changed_by_email: string | null;
            created_at: string;
        };
        ToolStatusHistory: {
            items: components["schemas"]["ToolStatusChange"][];
        };
        ToolTemplate: {
            key: string;
            /** @enum {string} */
            tool_type: "http_request" | "webhook" | "transform" | "mcp_proxy";
            name: string;
            title: string;
            description: string;
            config: {
                [key: string]: unknown;
            };
            input_schema: {
                [key: string]: unknown;
            };
            secrets: string[];
        };
        ToolTemplateList: {
            items: components["schemas"]["ToolTemplate"][];
        };
        ToolTypeDescription: {
            type: string;
            label: string;
            description: string;
            icon: string;
            config_schema: {
                [key: string]: unknown;
            };
            defaults: {
                [key: string]: unknown;
            };
            outbound: boolean;
            retries: boolean;
        };
        ToolTypes: {
            items: components["schemas"]["ToolTypeDescription"][];
        };
        TotpSetup: {
            secret: string;
            otpauth_uri: string;
            qr_svg: string;
        };
        TwoFactorStatus: {
            totp_enabled: boolean;
            enabled_at: string | null;
            recovery_codes_left: number;
            passkeys: number;
        };
        UpdateWebhookInput: {
            url?: string;
            description?: string;
            event_types?: ("application.started" | "application.waiting" | "application.decided" | "application.completed" | "application.failed" | "application.cancelled" | "review.overdue" | "tool.approved")[];
            enabled?: boolean;
        };
        UrgentReview: {
            /** Format: uuid */
            task_id: string;
            /** Format: uuid */
            application_id: string;
            applicant_name: string;
            /** Format: uuid */
            workflow_id: string;
            workflow_name: string | null;
            step_name: string;
            assignee_role: string;
            due_at: string;
            created_at: string;
            overdue: boolean;
        };
        User: {
            /** Format: uuid */
            id: string;
            email: string;
            first_name: string;
            last_name: string;
            /** @enum {string} */
            role: "super_admin" | "admin" | "manager" | "operator" | "viewer" | "compliance_officer" | "analyst";
            /** Format: uuid */
            organization_id: string;
            organization_name?: string;
            permissions: string[];
            extra_permissions: string[];
            is_active: boolean;
            pending_approval: boolean;
            is_locked: boolean;
            locked_until: string | null;
            failed_logins: number;
            last_login_at: string | null;
            created_at: string;
            updated_at: string;
        };
        UserList: {
            items: components["schemas"]["UserListItem"][];
            total: number;
            total_exact?: boolean;
            limit: number;
            offset: number;
        };
        UserListItem: {
            /** Format: uuid */
            id: string;
            email: string;
            first_name: string;
            last_name: string;
            /** @enum {string} */
            role: "super_admin" | "admin" | "manager" | "operator" | "viewer" | "compliance_officer" | "analyst";
            /** Format: uuid */
            organization_id: string;
            organization_name?: string;
            extra_permissions: string[];
            is_active: boolean;
            pending_approval: boolean;
            is_locked: boolean;
            locked_until: string | null;
            failed_logins: number;
            last_login_at: string | null;
            created_at: string;
            updated_at: string;
            second_factors: ("authenticator_app" | "passkey")[];
        };
        ValidationError: {
            field: string;
            message: string;
        };
        VerifyResponse: {
            valid: boolean;
            user: components["schemas"]["User"];
            expires_at: string;
        };
        Webhook: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            url: string;
            description: string;
            event_types: ("application.started" | "application.waiting" | "application.decided" | "application.completed" | "application.failed" | "application.cancelled" | "review.overdue" | "tool.approved")[];
            enabled: boolean;
            disabled_reason: ("failing" | "manual") | null;
            failing_since: string | null;
            secret_hint: string;
            last_delivery: {
                /** @enum {string} */
                status: "pending" | "sending" | "succeeded" | "failed";
                at: string;
            } | null;
            created_by_email: string | null;
            created_at: string;
            updated_at: string;
        };
        WebhookAttempt: {
            /** Format: uuid */
            id: string;
            attempted_at: string;
            /** @enum {string} */
            trigger: "automatic" | "resend";
            request_headers: {
                [key: string]: string;
            };
            response_status: number | null;
            response_headers: {
                [key: string]: string;
            } | null;
            response_body: string | null;
            duration_ms: number;
            error: string | null;
        };
        WebhookDelivery: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            subscription_id: string;
            message_id: string;
            event_type: string;
            /** @enum {string} */
            status: "pending" | "sending" | "succeeded" | "failed";
            attempts: number;
            /** @description When the next attempt is due, while the delivery is pending (null while it is being sent, and once it succeeded or failed) */
            next_attempt_at: string | null;
            last_status: number | null;
            last_error: string | null;
            created_at: string;
        };
        WebhookDeliveryDetail: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            subscription_id: string;
            message_id: string;
            event_type: string;
            /** @enum {string} */
            status: "pending" | "sending" | "succeeded" | "failed";
            attempts: number;
            /** @description When the next attempt is due, while the delivery is pending (null while it is being sent, and once it succeeded or failed) */
            next_attempt_at: string | null;
            last_status: number | null;
            last_error: string | null;
            created_at: string;
            request_body: string;
            attempts_made: components["schemas"]["WebhookAttempt"][];
        };
        WebhookDeliveryList: {
            items: components["schemas"]["WebhookDelivery"][];
            total: number;
            total_exact?: boolean;
            limit: number;
            offset: number;
        };
        WebhookList: {
            items: components["schemas"]["Webhook"][];
        };
        WebhookWithSecret: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            url: string;
            description: string;
            event_types: ("application.started" | "application.waiting" | "application.decided" | "application.completed" | "application.failed" | "application.cancelled" | "review.overdue" | "tool.approved")[];
            enabled: boolean;
            disabled_reason: ("failing" | "manual") | null;
            failing_since: string | null;
            secret_hint: string;
            last_delivery: {
                /** @enum {string} */
                status: "pending" | "sending" | "succeeded" | "failed";
                at: string;
            } | null;
            created_by_email: string | null;
            created_at: string;
            updated_at: string;
            /** @description whsec_… : verify each delivery with it (Standard Webhooks) */
            secret: string;
        };
        WorkflowAnalytics: {
            /** Format: uuid */
            workflow_id: string;
            name: string;
            status: string;
            version: number;
            generated_at: string;
            period: components["schemas"]["Period"];
            totals: components["schemas"]["ApplicationTotals"];
            previous: components["schemas"]["ApplicationTotals"];
            over_time: components["schemas"]["OverTimePoint"][];
            open_now: components["schemas"]["OpenCases"];
            steps: components["schemas"]["StepFigures"][];
            slowest_step_ids: string[];
            review: {
                assignee_role: string;
                open: number;
                overdue: number;
                oldest_created_at: string | null;
                decided: number;
                breached: number;
                breach_rate: number | null;
                wait_p50_ms: number | null;
                wait_p90_ms: number | null;
                /** Format: uuid */
                step_id: string;
                step_name: string | null;
            }[];
            failure_reasons: components["schemas"]["FailureReason"][];
            form_stops: components["schemas"]["FormStop"][];
        };
        WorkflowDetail: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            name: string;
            description: string;
            category: string;
            /** @enum {string} */
            status: "draft" | "active" | "archived";
            version: number;
            pending_version: number | null;
            step_count: number;
            application_count: number;
            created_by: string | null;
            updated_by: string | null;
            created_at: string;
            updated_at: string;
            steps: components["schemas"]["SavedStep"][];
            connections: components["schemas"]["SavedConnection"][];
        };
        WorkflowFigures: {
            started: number;
            completed: number;
            approved: number;
            rejected: number;
            failed: number;
            cancelled: number;
            approval_rate: number | null;
            failure_rate: number | null;
            decision_p50_ms: number | null;
            decision_p90_ms: number | null;
            /** Format: uuid */
            workflow_id: string;
            name: string;
            status: string;
            open_now: number;
            conversion: number | null;
            previous_started: number;
            previous_completed: number;
        };
        WorkflowList: {
            items: components["schemas"]["WorkflowSummary"][];
            total: number;
            total_exact?: boolean;
            limit: number;
            offset: number;
        };
        WorkflowsAnalytics: {
            organization_id: string | null;
            generated_at: string;
            period: components["schemas"]["Period"];
            workflows: {
                total: number;
                by_status: {
                    draft: number;
                    active: number;
                    archived: number;
                };
            };
            totals: components["schemas"]["ApplicationTotals"];
            previous: components["schemas"]["ApplicationTotals"];
            per_workflow: components["schemas"]["WorkflowFigures"][];
        };
        WorkflowSummary: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            organization_id: string;
            name: string;
            description: string;
            category: string;
            /** @enum {string} */
            status: "draft" | "active" | "archived";
            version: number;
            pending_version: number | null;
            step_count: number;
            application_count: number;
            created_by: string | null;
            updated_by: string | null;
            created_at: string;
            updated_at: string;
        };
        WorkflowTemplate: {
            /** Format: uuid */
            id: string;
            organization_id: string | null;
            key: string | null;
            is_global: boolean;
            name: string;
            description: string;
            category: string;
            graph: {
                steps: {
                    id: string;
                    type: string;
                    name: string;
                    /**
                     * @description The step's configuration, checked against its type's config schema
                     * @default {}
                     */
                    config: {
                        [key: string]: unknown;
                    };
                    /**
                     * @default {
                     *       "x": 0,
                     *       "y": 0
                     *     }
                     */
                    position: {
                        x: number;
                        y: number;
                    };
                }[];
                connections: {
                    id?: string;
                    source: string;
                    target: string;
                    condition?: string | null;
                    label?: string | null;
                }[];
            };
            step_count: number;
            required_tools: string[];
            created_at: string;
            updated_at: string;
        };
        WorkflowTemplateList: {
            items: components["schemas"]["WorkflowTemplate"][];
            total: number;
            total_exact?: boolean;
            limit: number;
            offset: number;
        };
        WorkflowValidation: {
            valid: boolean;
            problems: components["schemas"]["GraphProblem"][];
        };
        WorkflowVersion: {
            version: number;
            note: string;
            /** @enum {string} */
            state: "published" | "pending" | "discarded";
            based_on_version: number | null;
            name: string;
            step_count: number;
            connection_count: number;
            created_by: string | null;
            created_by_email: string | null;
            created_at: string;
            is_current: boolean;
            /** Format: uuid */
            workflow_id: string;
            description: string;
            category: string;
            steps: components["schemas"]["SavedStep"][];
            connections: components["schemas"]["SavedConnection"][];
        };
        WorkflowVersionList: {
            items: components["schemas"]["WorkflowVersionSummary"][];
            total: number;
            total_exact?: boolean;
            limit: number;
            offset: number;
        };
        WorkflowVersionSummary: {
            version: number;
            note: string;
            /** @enum {string} */
            state: "published" | "pending" | "discarded";
            based_on_version: number | null;
            name: string;
            step_count: number;
            connection_count: number;
            created_by: string | null;
            created_by_email: string | null;
            created_at: string;
            is_current: boolean;
        };
    };
    responses: {
        /** @description Malformed: not JSON, a field or query parameter the operation does not have, text (anywhere: a value, a key, a parameter) that is not well-formed Unicode or holds NUL (U+0000), or nesting deeper than 32 levels; nothing changed */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not signed in, or the token expired or its session ended */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Signed in, but not allowed */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not found (also for what belongs to another organization) */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Conflicts with the current state (an e-mail already in use, a version already active); nothing changed */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is too large: over 1 MiB, or over the operation's `x-body-limit` */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is not JSON (or, where the operation takes it, multipart/form-data) */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
        UnprocessableContent: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests: wait as the Retry-After header says */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready";
                        /** @enum {string} */
                        database: "pglite" | "postgres";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            /** @description Answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"] | components["schemas"]["SecondFactorChallenge"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    signInWithSecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    challenge_token: string;
                    code: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    startSecondFactorEnrolment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    challenge_token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpSetup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    confirmSecondFactorEnrolment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    challenge_token: string;
                    code: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        refresh_token: string;
                        /** @enum {string} */
                        token_type: "bearer";
                        expires_in: number;
                        user: components["schemas"]["User"];
                        recovery_codes: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    startPasskeySignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    challenge_token?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestOptions"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    signInWithPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    credential: {
                        id: string;
                        rawId: string;
                        /** @enum {string} */
                        type: "public-key";
                        response: {
                            clientDataJSON: string;
                            authenticatorData: string;
                            signature: string;
                            userHandle?: string;
                        };
                        /** @enum {string} */
                        authenticatorAttachment?: "platform" | "cross-platform";
                        /** @description The browser's extension outputs (credProps and the like) */
                        clientExtensionResults: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    refreshAccessToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh_token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefreshResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh_token?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getRegistrationAvailability: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistrationAvailability"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    registerAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                    first_name: string;
                    last_name: string;
                    /** Format: uuid */
                    organization_id?: string;
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegisterResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    confirmRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfirmRegistrationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    verifySession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifyResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateOwnProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    first_name: string;
                    last_name: string;
                    email: string;
                    current_password?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProfileResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    changeOwnPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    old_password: string;
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangePasswordResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
                sort?: "email" | "-email" | "first_name" | "-first_name" | "last_name" | "-last_name" | "role" | "-role" | "created_at" | "-created_at" | "last_login_at" | "-last_login_at";
                role?: "super_admin" | "admin" | "manager" | "operator" | "viewer" | "compliance_officer" | "analyst";
                organization_id?: string;
                locked?: "true" | "false";
                is_active?: "true" | "false";
                pending?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                    first_name: string;
                    last_name: string;
                    /** @enum {string} */
                    role: "super_admin" | "admin" | "manager" | "operator" | "viewer" | "compliance_officer" | "analyst";
                    /** Format: uuid */
                    organization_id?: string;
                    permissions?: ("manage_users" | "manage_workflows" | "manage_tools" | "manage_organizations" | "view_analytics" | "manage_templates" | "manage_integrations" | "view_audit_logs" | "manage_reviews" | "view_workflows" | "execute_workflows" | "workflow:read" | "workflow:manage" | "workflow:create" | "workflow:edit" | "application:read" | "application:monitor" | "tool:read" | "tool:manage" | "user:read" | "user:manage" | "organization:manage" | "settings:read" | "settings:manage" | "settings:system" | "system:configure")[];
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateUserResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    exportUsers: {
        parameters: {
            query?: {
                q?: string;
                sort?: "email" | "-email" | "first_name" | "-first_name" | "last_name" | "-last_name" | "role" | "-role" | "created_at" | "-created_at" | "last_login_at" | "-last_login_at";
                role?: "super_admin" | "admin" | "manager" | "operator" | "viewer" | "compliance_officer" | "analyst";
                organization_id?: string;
                locked?: "true" | "false";
                is_active?: "true" | "false";
                pending?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV with a header row; cells that a spreadsheet would run as a formula start with a quote */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string;
                    first_name?: string;
                    last_name?: string;
                    /** @enum {string} */
                    role?: "super_admin" | "admin" | "manager" | "operator" | "viewer" | "compliance_officer" | "analyst";
                    /** Format: uuid */
                    organization_id?: string;
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    resetUserPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    unlockUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    approveUserSignUp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    rejectUserSignUp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getUserPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    grantUserPermission: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    permission: "manage_users" | "manage_workflows" | "manage_tools" | "manage_organizations" | "view_analytics" | "manage_templates" | "manage_integrations" | "view_audit_logs" | "manage_reviews" | "view_workflows" | "execute_workflows" | "workflow:read" | "workflow:manage" | "workflow:create" | "workflow:edit" | "application:read" | "application:monitor" | "tool:read" | "tool:manage" | "user:read" | "user:manage" | "organization:manage" | "settings:read" | "settings:manage" | "settings:system" | "system:configure";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    revokeUserPermission: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                permission: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PermissionsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listOwnSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    revokeOwnSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    revokeOtherSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionsRevoked"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listUserSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    revokeUserSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    revokeAllUserSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionsRevoked"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTwoFactorStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TwoFactorStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    startTotpSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpSetup"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    confirmTotpSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodes"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
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
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    renewRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodes"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    resetUserTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    startPasskeyRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreationOptions"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    finishPasskeyRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    credential: {
                        id: string;
                        rawId: string;
                        /** @enum {string} */
                        type: "public-key";
                        response: {
                            clientDataJSON: string;
                            attestationObject: string;
                            authenticatorData?: string;
                            transports?: ("ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb")[];
                            publicKeyAlgorithm?: number;
                            publicKey?: string;
                        };
                        /** @enum {string} */
                        authenticatorAttachment?: "platform" | "cross-platform";
                        /** @description The browser's extension outputs (credProps and the like) */
                        clientExtensionResults: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyAdded"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deletePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getOrganizationSso: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoSettingsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateOrganizationSso: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                    provider_name: string;
                    issuer: string;
                    client_id: string;
                    client_secret?: string;
                    allowed_domains: string[];
                    /** @enum {string} */
                    default_role: "admin" | "manager" | "operator" | "viewer" | "compliance_officer" | "analyst";
                    roles_claim: string | null;
                    sso_only: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoSettingsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteOrganizationSso: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    discoverSingleSignOn: {
        parameters: {
            query: {
                email: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoDiscoverResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    startSingleSignOn: {
        parameters: {
            query: {
                email: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider, or back to /login with #sso=<code> or #sso_error=<reason> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    handleSingleSignOnCallback: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                error?: string;
                error_description?: string;
                iss?: string;
                session_state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider, or back to /login with #sso=<code> or #sso_error=<reason> */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    exchangeSingleSignOnCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listOrganizations: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
                sort?: "name" | "-name" | "created_at" | "-created_at";
                is_active?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string;
                    is_active?: boolean;
                    settings?: components["schemas"]["OrganizationSettingsUpdateInput"];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getOrganizationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationSettingsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateOrganizationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganizationSettingsUpdateInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationSettingsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getOwnPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Preferences"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateOwnPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PreferencesUpdateInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Preferences"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    searchPortal: {
        parameters: {
            query: {
                q: string;
                limit?: number;
                /** @description Only these kinds, separated by commas (white space around a kind and empty items are ignored): user, organization, workflow, tool, application. Default: every kind */
                types?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listWorkflows: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
                sort?: "name" | "-name" | "updated_at" | "-updated_at" | "created_at" | "-created_at" | "status" | "-status";
                status?: "draft" | "active" | "archived";
                category?: string;
                organization_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string;
                    category?: string;
                    /** Format: uuid */
                    template_id?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    listStepTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StepTemplates"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createCompleteWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string;
                    category?: string;
                    /** @enum {string} */
                    status?: "draft" | "active";
                    graph: {
                        steps: {
                            id: string;
                            type: string;
                            name: string;
                            /**
                             * @description The step's configuration, checked against its type's config schema
                             * @default {}
                             */
                            config?: {
                                [key: string]: unknown;
                            };
                            /**
                             * @default {
                             *       "x": 0,
                             *       "y": 0
                             *     }
                             */
                            position?: {
                                x: number;
                                y: number;
                            };
                        }[];
                        connections: {
                            id?: string;
                            source: string;
                            target: string;
                            condition?: string | null;
                            label?: string | null;
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    category?: string;
                    /** @enum {string} */
                    status?: "draft" | "active" | "archived";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowSummary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    saveWorkflowGraph: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    category?: string;
                    graph: {
                        steps: {
                            id: string;
                            type: string;
                            name: string;
                            /**
                             * @description The step's configuration, checked against its type's config schema
                             * @default {}
                             */
                            config?: {
                                [key: string]: unknown;
                            };
                            /**
                             * @default {
                             *       "x": 0,
                             *       "y": 0
                             *     }
                             */
                            position?: {
                                x: number;
                                y: number;
                            };
                        }[];
                        connections: {
                            id?: string;
                            source: string;
                            target: string;
                            condition?: string | null;
                            label?: string | null;
                        }[];
                    };
                    expected_version?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    duplicateWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    validateWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowValidation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listWorkflowVersions: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowVersionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWorkflowVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    saveWorkflowDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    category?: string;
                    graph: {
                        steps: {
                            id: string;
                            type: string;
                            name: string;
                            /**
                             * @description The step's configuration, checked against its type's config schema
                             * @default {}
                             */
                            config?: {
                                [key: string]: unknown;
                            };
                            /**
                             * @default {
                             *       "x": 0,
                             *       "y": 0
                             *     }
                             */
                            position?: {
                                x: number;
                                y: number;
                            };
                        }[];
                        connections: {
                            id?: string;
                            source: string;
                            target: string;
                            condition?: string | null;
                            label?: string | null;
                        }[];
                    };
                    expected_version?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    publishWorkflowDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    discardWorkflowDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowVersion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    restoreWorkflowVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    startSimulation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                version: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description Cases created at or after (default: 30 days before `to`)
                     */
                    from?: string;
                    /**
                     * Format: date-time
                     * @description Cases created before (default: now)
                     */
                    to?: string;
                    /** @description Only cases that ran on this version (default: every version) */
                    ran_on_version?: number;
                    /**
                     * @description What a review the case never had is decided as
                     * @default wait
                     * @enum {string}
                     */
                    new_reviews?: "wait" | "approve" | "reject" | "as_recorded_by_role";
                    /**
                     * @description The oldest cases of the period first, at most this many
                     * @default 100000
                     */
                    max_cases?: number;
                    /**
                     * @description Tools the run may call for real, in their development (sandbox) configuration, where the history holds no answer (at most 1,000 calls a run, each recorded as a development execution of the tool); any other call the history never made stops the case as needing a live call
                     * @default []
                     */
                    sandbox_tools?: string[];
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimulationRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listSimulations: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description Only runs on this version */
                version?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimulationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getLatestSimulation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimulationRun"] | null;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSimulation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimulationRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listSimulationCases: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description Only cases whose end changes (true) or stays (false) */
                changed?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimulationCaseList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSimulationCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                application_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimulationCasePaths"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    exportSimulationCases: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV with a header row; cells that a spreadsheet would run as a formula start with a quote */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listWorkflowSteps: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StepList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listWorkflowConnections: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createStep: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    workflow_id: string;
                    /** @enum {string} */
                    type: "start" | "form" | "tool" | "condition" | "approval" | "ai" | "delay" | "notification" | "end";
                    name: string;
                    /** @description The step's configuration, checked against its type's config schema */
                    config?: {
                        [key: string]: unknown;
                    };
                    position?: {
                        x: number;
                        y: number;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Step"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    validateStepConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "start" | "form" | "tool" | "condition" | "approval" | "ai" | "delay" | "notification" | "end";
                    /** @description The step's configuration, checked against its type's config schema */
                    config?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StepConfigCheck"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createStepConnection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    workflow_id?: string;
                    /** Format: uuid */
                    source_step_id: string;
                    /** Format: uuid */
                    target_step_id: string;
                    condition?: string;
                    label?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateStepConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    source_step_id?: string;
                    /** Format: uuid */
                    target_step_id?: string;
                    condition?: string;
                    label?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteStepConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphDeletion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    getStep: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Step"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateStep: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description The step's configuration, checked against its type's config schema */
                    config?: {
                        [key: string]: unknown;
                    };
                    position?: {
                        x: number;
                        y: number;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Step"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteStep: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphDeletion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    listWorkflowTemplates: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
                sort?: "name" | "-name" | "updated_at" | "-updated_at" | "created_at" | "-created_at";
                category?: string;
                scope?: "global" | "organization";
                organization_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowTemplateList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createWorkflowTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string;
                    category?: string;
                    graph?: {
                        steps: {
                            id: string;
                            type: string;
                            name: string;
                            /**
                             * @description The step's configuration, checked against its type's config schema
                             * @default {}
                             */
                            config?: {
                                [key: string]: unknown;
                            };
                            /**
                             * @default {
                             *       "x": 0,
                             *       "y": 0
                             *     }
                             */
                            position?: {
                                x: number;
                                y: number;
                            };
                        }[];
                        connections: {
                            id?: string;
                            source: string;
                            target: string;
                            condition?: string | null;
                            label?: string | null;
                        }[];
                    };
                    /** Format: uuid */
                    workflow_id?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowTemplate"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateWorkflowTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    category?: string;
                    graph?: {
                        steps: {
                            id: string;
                            type: string;
                            name: string;
                            /**
                             * @description The step's configuration, checked against its type's config schema
                             * @default {}
                             */
                            config?: {
                                [key: string]: unknown;
                            };
                            /**
                             * @default {
                             *       "x": 0,
                             *       "y": 0
                             *     }
                             */
                            position?: {
                                x: number;
                                y: number;
                            };
                        }[];
                        connections: {
                            id?: string;
                            source: string;
                            target: string;
                            condition?: string | null;
                            label?: string | null;
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowTemplate"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GraphErrorBody"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteWorkflowTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTools: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
                sort?: "name" | "-name" | "updated_at" | "-updated_at" | "created_at" | "-created_at" | "status" | "-status";
                tool_type?: "http_request" | "webhook" | "transform" | "mcp_proxy";
                status?: "draft" | "pending_approval" | "approved" | "rejected" | "disabled";
                organization_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createTool: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description: string;
                    /** @enum {string} */
                    tool_type: "http_request" | "webhook" | "transform" | "mcp_proxy";
                    /** @description The tool's configuration, checked against its type's config schema */
                    config?: {
                        [key: string]: unknown;
                    };
                    /** @description A JSON Schema document */
                    input_schema?: {
                        [key: string]: unknown;
                    };
                    output_schema?: {
                        [key: string]: unknown;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tool"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listToolTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolTypes"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listToolTemplates: {
        parameters: {
            query?: {
                tool_type?: "http_request" | "webhook" | "transform" | "mcp_proxy";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolTemplateList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getToolTypeConfigSchema: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                type: "http_request" | "webhook" | "transform" | "mcp_proxy";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolTypeDescription"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getToolsAnalytics: {
        parameters: {
            query?: {
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolAnalytics"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listToolExecutions: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                tool_id?: string;
                status?: "success" | "error" | "timeout" | "refused";
                caller_type?: "test" | "mcp" | "workflow";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExecutionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getToolExecution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolExecution"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listToolConfigurations: {
        parameters: {
            query?: {
                tool_id?: string;
                environment?: "development" | "staging" | "production";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolConfigurationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createToolConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    tool_id: string;
                    /** @enum {string} */
                    environment: "development" | "staging" | "production";
                    /** @description Overrides of the tool's configuration for this environment */
                    config?: {
                        [key: string]: unknown;
                    };
                    secrets?: {
                        [key: string]: string;
                    };
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolConfiguration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateToolConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Overrides of the tool's configuration for this environment */
                    config?: {
                        [key: string]: unknown;
                    };
                    secrets?: {
                        [key: string]: string;
                    };
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolConfiguration"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteToolConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tool"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    /** @enum {string} */
                    tool_type?: "http_request" | "webhook" | "transform" | "mcp_proxy";
                    /** @description The tool's configuration, checked against its type's config schema */
                    config?: {
                        [key: string]: unknown;
                    };
                    /** @description A JSON Schema document */
                    input_schema?: {
                        [key: string]: unknown;
                    };
                    output_schema?: {
                        [key: string]: unknown;
                    } | null;
                    /** @enum {string} */
                    status?: "draft" | "pending_approval";
                    is_enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tool"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    decideToolApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    action: "approve" | "reject";
                    comment?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tool"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    testTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The tool's input, checked against its input schema
                     * @default {}
                     */
                    input?: {
                        [key: string]: unknown;
                    };
                    /**
                     * @default development
                     * @enum {string}
                     */
                    environment?: "development" | "staging" | "production";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolExecution"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getToolAnalytics: {
        parameters: {
            query?: {
                days?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolAnalytics"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listConfigurationsOfTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolConfigurationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getToolHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolStatusHistory"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
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
                "application/json": {
                    name: string;
                    /**
                     * @default [
                     *       "mcp"
                     *     ]
                     */
                    scopes?: ("mcp" | "intake")[];
                    /**
                     * @default production
                     * @enum {string}
                     */
                    environment?: "development" | "staging" | "production";
                    /** Format: uuid */
                    organization_id?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    sendWebhookTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "pending" | "sending" | "succeeded" | "failed";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    resendWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getMcpInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listApplications: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
                sort?: "created_at" | "-created_at" | "updated_at" | "-updated_at";
                status?: "pending" | "running" | "waiting" | "completed" | "failed" | "cancelled";
                workflow_id?: string;
                current_step_id?: string;
                waiting_for_review?: "true" | "false";
                overdue?: "true" | "false";
                /** @description Only cases with an escalated review */
                escalated?: "true" | "false";
                /** @description Created at or after (ISO date or date-time) */
                from?: string;
                /** @description Created before (ISO date or date-time) */
                to?: string;
                organization_id?: string;
                /** @description The `next_cursor` of the previous page (keyset pagination; `offset` is then ignored) */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createManualApplication: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    workflow_id: string;
                    applicant: {
                        name: string;
                        email?: string;
                        phone?: string;
                        locale?: string;
                    };
                    /**
                     * @description Application data: what the workflow reads and forms fill in
                     * @default {}
                     */
                    data?: {
                        [key: string]: unknown;
                    };
                    /** @description Your own reference for the case */
                    external_ref?: string;
                    /** Format: uuid */
                    organization_id?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationSummary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getApplicationCounts: {
        parameters: {
            query?: {
                organization_id?: string;
                workflow_id?: string;
                /** @description Where the caller's today began (ISO date-time); default: midnight UTC */
                today_from?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationCounts"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listStaffNotifications: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /** @description Only the ones the caller has not read */
                unread?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffNotificationList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    markAllStaffNotificationsRead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    markStaffNotificationRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listReviewTasks: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "open" | "approved" | "rejected" | "cancelled";
                /** @description Only tasks the caller may decide (their role; administrators: all) */
                mine?: "true" | "false";
                /** @description `me`: reviews the caller has; `nobody`: reviews nobody has claimed; a user id: the reviews that person has */
                claimed_by?: ("me" | "nobody") | string;
                overdue?: "true" | "false";
                organization_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewTaskList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getReviewQueueCounts: {
        parameters: {
            query?: {
                organization_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewQueueCounts"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listReviewers: {
        parameters: {
            query?: {
                /** @description Only people who may decide a review of this assignee role (the role itself and administrators) */
                role?: "super_admin" | "admin" | "manager" | "operator" | "viewer" | "compliance_officer" | "analyst";
                organization_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewerList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    applyBulkReviewAction: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    action: "approve" | "reject" | "claim" | "release" | "assign";
                    /** @description The reviews, each once; 1 to 500 */
                    task_ids: string[];
                    /** @description The one comment of every decision: required to reject, optional to approve, refused otherwise */
                    comment?: string;
                    /**
                     * Format: uuid
                     * @description Who gets the reviews: required to assign (manage_reviews), refused otherwise
                     */
                    user_id?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkReviewResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    claimReviewTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewTask"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    releaseReviewTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewTask"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    assignReviewTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The staff member who gets the review; they must be able to decide it
                     */
                    user_id: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewTask"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    decideReviewTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    decision: "approve" | "reject";
                    comment?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewTask"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listCaseNotes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseNoteList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    addCaseNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Markdown. Mention a colleague with @ and their e-mail address (e.g. @ada@bank.example): they get a portal notification */
                    body: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseNote"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateCaseNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                note_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Markdown. Mention a colleague with @ and their e-mail address (e.g. @ada@bank.example): they get a portal notification */
                    body: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseNote"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    redactCaseNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                note_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseNote"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationDetail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    downloadApplicationFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file as uploaded; its SHA-256 in `x-content-sha256` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    retryApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationSummary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    cancelApplication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationSummary"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    attachCaseNoteFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                note_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The file, within the upload limit of the system settings */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseNote"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    downloadCaseNoteFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                note_id: string;
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file as uploaded; its SHA-256 in `x-content-sha256` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    removeCaseNoteFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                note_id: string;
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaseNote"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    streamApplicationEvents: {
        parameters: {
            query?: {
                organization_id?: string;
                workflow_id?: string;
                application_id?: string;
                /** @description Resume after this position (an event id; the Last-Event-ID header takes precedence) */
                last_event_id?: string;
                /** @description false: send the events since `last_event_id` and close, instead of following */
                follow?: "true" | "false";
            };
            header?: {
                /** @description Resume after this position (sent by EventSource clients on reconnect). Empty: no position yet, the stream starts now */
                "last-event-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A text/event-stream of application events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getDemoTraffic: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DemoTraffic"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateDemoTraffic: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                    /**
                     * @description New applications per minute
                     * @default 12
                     */
                    per_minute?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DemoTraffic"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getDashboard: {
        parameters: {
            query?: {
                /** @description today, the last 7, 30 or 90 days (today included), or custom days */
                range?: "today" | "7d" | "30d" | "90d" | "custom";
                /** @description custom: the first day, yyyy-mm-dd */
                from?: string;
                /** @description custom: the last day (included), yyyy-mm-dd */
                to?: string;
                /** @description hour, day or week; by default hour for today, week beyond 60 days, day otherwise */
                bucket?: "hour" | "day" | "week";
                /** @description The time zone whose days and weeks are counted, e.g. Europe/Berlin */
                tz?: string;
                /** @description Only this workflow */
                workflow_id?: string;
                /** @description Only applications that did this in the period: narrows the series over time and the per-workflow figures */
                status?: "started" | "completed" | "approved" | "rejected" | "failed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dashboard"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAnalyticsOverview: {
        parameters: {
            query?: {
                /** @description today, the last 7, 30 or 90 days (today included), or custom days */
                range?: "today" | "7d" | "30d" | "90d" | "custom";
                /** @description custom: the first day, yyyy-mm-dd */
                from?: string;
                /** @description custom: the last day (included), yyyy-mm-dd */
                to?: string;
                /** @description hour, day or week; by default hour for today, week beyond 60 days, day otherwise */
                bucket?: "hour" | "day" | "week";
                /** @description The time zone whose days and weeks are counted, e.g. Europe/Berlin */
                tz?: string;
                /** @description Only this workflow */
                workflow_id?: string;
                /** @description Only applications that did this in the period: narrows the series over time and the per-workflow figures */
                status?: "started" | "completed" | "approved" | "rejected" | "failed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsOverview"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getApplicationsAnalytics: {
        parameters: {
            query?: {
                /** @description today, the last 7, 30 or 90 days (today included), or custom days */
                range?: "today" | "7d" | "30d" | "90d" | "custom";
                /** @description custom: the first day, yyyy-mm-dd */
                from?: string;
                /** @description custom: the last day (included), yyyy-mm-dd */
                to?: string;
                /** @description hour, day or week; by default hour for today, week beyond 60 days, day otherwise */
                bucket?: "hour" | "day" | "week";
                /** @description The time zone whose days and weeks are counted, e.g. Europe/Berlin */
                tz?: string;
                /** @description Only this workflow */
                workflow_id?: string;
                /** @description Only applications that did this in the period: narrows the series over time and the per-workflow figures */
                status?: "started" | "completed" | "approved" | "rejected" | "failed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationsAnalytics"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWorkflowsAnalytics: {
        parameters: {
            query?: {
                /** @description today, the last 7, 30 or 90 days (today included), or custom days */
                range?: "today" | "7d" | "30d" | "90d" | "custom";
                /** @description custom: the first day, yyyy-mm-dd */
                from?: string;
                /** @description custom: the last day (included), yyyy-mm-dd */
                to?: string;
                /** @description hour, day or week; by default hour for today, week beyond 60 days, day otherwise */
                bucket?: "hour" | "day" | "week";
                /** @description The time zone whose days and weeks are counted, e.g. Europe/Berlin */
                tz?: string;
                /** @description Only this workflow */
                workflow_id?: string;
                /** @description Only applications that did this in the period: narrows the series over time and the per-workflow figures */
                status?: "started" | "completed" | "approved" | "rejected" | "failed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowsAnalytics"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWorkflowInsights: {
        parameters: {
            query?: {
                /** @description today, the last 7, 30 or 90 days (today included), or custom days */
                range?: "today" | "7d" | "30d" | "90d" | "custom";
                /** @description custom: the first day, yyyy-mm-dd */
                from?: string;
                /** @description custom: the last day (included), yyyy-mm-dd */
                to?: string;
                /** @description hour, day or week; by default hour for today, week beyond 60 days, day otherwise */
                bucket?: "hour" | "day" | "week";
                /** @description The time zone whose days and weeks are counted, e.g. Europe/Berlin */
                tz?: string;
                /** @description Only this workflow */
                workflow_id?: string;
                /** @description Only applications that did this in the period: narrows the series over time and the per-workflow figures */
                status?: "started" | "completed" | "approved" | "rejected" | "failed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Insights"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWorkflowAnalytics: {
        parameters: {
            query?: {
                /** @description today, the last 7, 30 or 90 days (today included), or custom days */
                range?: "today" | "7d" | "30d" | "90d" | "custom";
                /** @description custom: the first day, yyyy-mm-dd */
                from?: string;
                /** @description custom: the last day (included), yyyy-mm-dd */
                to?: string;
                /** @description hour, day or week; by default hour for today, week beyond 60 days, day otherwise */
                bucket?: "hour" | "day" | "week";
                /** @description The time zone whose days and weeks are counted, e.g. Europe/Berlin */
                tz?: string;
                /** @description Only this workflow */
                workflow_id?: string;
                /** @description Only applications that did this in the period: narrows the series over time and the per-workflow figures */
                status?: "started" | "completed" | "approved" | "rejected" | "failed" | "cancelled";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowAnalytics"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    askAssistant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    message: string;
                    /** @default {} */
                    context?: {
                        page?: string;
                        path?: string;
                        user_role?: string;
                        organization_name?: string;
                        session_id?: string;
                        recent_actions?: {
                            action: string;
                            context?: unknown;
                            timestamp?: string | number;
                            sessionId?: string;
                        }[];
                        timestamp?: string | number;
                        time_zone?: string;
                    };
                };
            };
        };
        responses: {
            /** @description The answer as JSON; with `Accept: text/event-stream`, as server-sent events: `delta` events (`{"text": "…"}`) as the provider writes, then `done` (the JSON answer) or `error` (`{"status", "detail"}`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiChatResponse"];
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listAssistantInteractions: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
                sort?: "created_at" | "-created_at" | "latency_ms" | "-latency_ms" | "feedback_score" | "-feedback_score";
                scope?: "mine" | "organization";
                user_id?: string;
                page?: "dashboard_overview" | "workflow_management" | "workflow_builder" | "workflow_templates" | "tool_management" | "tool_builder" | "tool_marketplace" | "application_monitoring" | "application_analytics" | "user_management" | "role_management" | "organization_management" | "analytics_dashboard" | "compliance_management" | "system_settings" | "general_admin";
                provider?: string;
                feedback?: "1" | "3" | "5" | "any" | "none";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiInteractionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    rateAssistantReply: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    interaction_id: string;
                    feedback_score: 1 | 3 | 5;
                    feedback_comment?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAssistantContextHelp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                topic: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiContextHelp"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAssistantStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    startWorkflowGeneration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description: string;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    startToolGeneration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description: string;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GenerateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getGeneratorTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiTask"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    cancelGeneratorTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiTask"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createWorkflowFromAi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    task_id: string;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        workflow: components["schemas"]["WorkflowDetail"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createToolFromAi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    task_id: string;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        tool: components["schemas"]["Tool"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSystemSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SystemSettingsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateSystemSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SystemSettingsUpdateInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SystemSettingsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getBranding: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Branding"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getBrandingLogo: {
        parameters: {
            query?: {
                v?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A PNG, JPEG, GIF or WebP image (its type in content-type) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listSystemConfigEntries: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                q?: string;
                organization_id?: string | "global";
                environment?: ("development" | "staging" | "production") | "all";
                enabled?: "true" | "false";
                kind?: "string" | "number" | "boolean" | "json" | "secret" | "file";
                sort?: "key" | "-key" | "updated_at" | "-updated_at" | "environment" | "-environment";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createSystemConfigEntry: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigCreateInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSystemConfigStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigStats"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getEffectiveSystemConfigEntry: {
        parameters: {
            query?: {
                environment?: "development" | "staging" | "production";
            };
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigEffective"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    uploadSystemConfigFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    key: string;
                    /** @default  */
                    description?: string;
                    /** Format: uuid */
                    organization_id?: string;
                    /** @enum {string} */
                    environment?: "development" | "staging" | "production";
                    /** @description The file, within the upload limit of the system settings */
                    file: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigEntry"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSystemConfigEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateSystemConfigEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigUpdateInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteSystemConfigEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    downloadSystemConfigFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file; its SHA-256 in `x-content-sha256` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    toggleSystemConfigEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigEntry"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listAuditLogs: {
        parameters: {
            query?: {
                /** @description Free text in the action, target, actor email or the change */
                q?: string;
                /** @description The actor's user id, or their email (exact, any case) */
                actor?: string;
                /** @description One action, e.g. `user.create` */
                action?: string;
                /** @description e.g. `user`, `workflow`, `tool`, `application` */
                target_type?: string;
                target_id?: string;
                /** @description Super administrators: one organization's rows (others see only their own) */
                organization_id?: string;
                /** @description At or after (ISO date or date-time) */
                from?: string;
                /** @description Before (ISO date or date-time) */
                to?: string;
                limit?: number;
                /** @description Rows to skip (at most 10,000; ignored with `cursor`) */
                offset?: number;
                /** @description The `next_cursor` of the previous page (keyset pagination; `offset` is then ignored) */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditLogList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    exportAuditLogs: {
        parameters: {
            query?: {
                /** @description Free text in the action, target, actor email or the change */
                q?: string;
                /** @description The actor's user id, or their email (exact, any case) */
                actor?: string;
                /** @description One action, e.g. `user.create` */
                action?: string;
                /** @description e.g. `user`, `workflow`, `tool`, `application` */
                target_type?: string;
                target_id?: string;
                /** @description Super administrators: one organization's rows (others see only their own) */
                organization_id?: string;
                /** @description At or after (ISO date or date-time) */
                from?: string;
                /** @description Before (ISO date or date-time) */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV with a header row; cells that a spreadsheet would run as a formula start with a quote */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    startApplication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any string up to 200 visible characters, unique per request */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    workflow_id: string;
                    applicant: {
                        name: string;
                        email?: string;
                        phone?: string;
                        locale?: string;
                    };
                    /**
                     * @description Application data: what the workflow reads and forms fill in
                     * @default {}
                     */
                    data?: {
                        [key: string]: unknown;
                    };
                    /** @description Your own reference for the case */
                    external_ref?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicApplication"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicApplication"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getApplicationStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicApplication"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    answerApplicationForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                step_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "first_name": "Ada",
                 *       "date_of_birth": "1990-12-10"
                 *     }
                 */
                "application/json": {
                    [key: string]: unknown;
                };
                "multipart/form-data": {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicApplication"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getApplicantStartPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                link: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    startApplicantCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                link: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartApplicantCaseInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getApplicantCase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicantCase"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    saveApplicantDraft: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SaveDraftInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedDraft"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    answerApplicantForm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                step_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "first_name": "Ada",
                 *       "date_of_birth": "1990-12-10"
                 *     }
                 */
                "application/json": {
                    [key: string]: unknown;
                };
                "multipart/form-data": {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicantCase"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listApplicantLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicantLinkList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    issueApplicantLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    sendApplicantLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    revokeApplicantLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWorkflowStartLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    setWorkflowStartLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetStartLinkInput"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus exposition format 0.0.4 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            /** @description Answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
