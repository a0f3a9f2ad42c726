/**
 * The `curl` examples of /developers. tests/integration/developers.test.ts runs each command against the built
 * server and compares what it prints with `output`, so the guide cannot drift from the API.
 * `{origin}` stands for the site's origin in both.
 */
export interface CurlExample {
  id: string;
  title: string;
  /** What the example shows, one or two sentences. */
  about: string;
  command: string;
  /** What the command prints on a server with the default configuration. */
  output: string;
  /**
   * `exact`: the same JSON (or the same text). `shape`: the same keys and value types at every level (first
   * array item only), for answers whose values follow the content, such as search results. `header-names`:
   * `name: value` lines with the same names in the same order (the values count down and move with the clock).
   */
  check: 'exact' | 'shape' | 'header-names';
}

export const curlExamples: CurlExample[] = [
  {
    id: 'health',
    title: 'Health',
    check: 'exact',
    about: 'The liveness probe. Anything but `200 {"status":"ok"}` means the server is not serving.',
    command: 'curl -s {origin}/api/health',
    output: '{"status":"ok"}',
  },
  {
    id: 'search',
    title: 'Search',
    check: 'shape',
    about:
      '`q` is required (1–256 characters); `type` is one of `course`, `program`, `handbook`, `page`; `limit` 1–50 (default 10); `offset` for paging. `excerpt` is HTML-safe: only `<mark>` tags appear. `markdownUrl` is the page as Markdown. `suggestion` is there only when a misspelt word was corrected to the nearest word on the site: the query as searched.',
    command: "curl -s '{origin}/api/search?q=greek&type=course&limit=1'",
    output:
      '{"query":"greek","total":9,"limit":1,"offset":0,"results":[{"title":"LAN301: Greek Readings","url":"/courses/lan301/","type":"course","excerpt":"Ancient Languages. LAN301: <mark>Greek</mark> Readings. Extended reading in <mark>Greek</mark> beyond the grammar course…","markdownUrl":"/courses/lan301.md"}]}',
  },
  {
    id: 'search-error',
    title: 'A bad search',
    check: 'exact',
    about:
      'Every error is a JSON `ApiError` with a `code`, a `message`, a `resolution`, the `requestId` (also in the `X-Request-Id` header: quote it when you report a problem) and, for validation errors, one entry in `issues` per parameter or field.',
    command: "curl -s '{origin}/api/search?q=greek&limit=500'",
    output:
      '{"error":{"code":"INVALID_QUERY","message":"Invalid search parameters: limit.","resolution":"Send q (1–256 characters), and optionally type (course, program, handbook, page), limit (1–50) and offset (0–1000).","issues":[{"path":"limit","message":"Too big: expected number to be <=50"}],"requestId":"7c9e6679-7425-40de-944b-e07fc1f90ae7"}}',
  },
  {
    id: 'signup',
    title: 'Newsletter signup',
    check: 'exact',
    about:
      'The same answer whether the address was new or already subscribed. Every answer of this route carries the rate-limit headers (see above).',
    command:
      'curl -s {origin}/api/email-marketing-signup -H \'Content-Type: application/json\' -d \'{"email":"ada@example.org","interests":["courses"]}\'',
    output: '{"status":"accepted"}',
  },
  {
    id: 'registration',
    title: 'Course registration',
    check: 'exact',
    about:
      'Each course must exist and run in the chosen term; a problem with one course is reported at its position (`courses.0.code`). Send an `Idempotency-Key` header to make retries safe.',
    command:
      'curl -s {origin}/api/course-registration -H \'Content-Type: application/json\' -H \'Idempotency-Key: 7f3c2a\' -d \'{"student":{"studentId":"S123456","firstName":"Ada","lastName":"Lovelace","email":"ada@example.org"},"term":"2027-spring","courses":[{"code":"XYZ999"}]}\'',
    output:
      '{"error":{"code":"INVALID_BODY","message":"Some courses or the term cannot be registered for.","resolution":"Fix the fields listed in \\"issues\\" and send again. See /openapi.json for the schema.","issues":[{"path":"courses.0.code","message":"there is no course XYZ999 in the catalog"}],"requestId":"7c9e6679-7425-40de-944b-e07fc1f90ae7"}}',
  },
  {
    id: 'challenge-required',
    title: 'Is a bot challenge required?',
    check: 'exact',
    about: 'When `required` is true, the forms need a `turnstileToken` from the Turnstile widget (site key below).',
    command: 'curl -s {origin}/api/challenge/required',
    output: '{"required":false}',
  },
  {
    id: 'challenge-site-key',
    title: 'Turnstile site key',
    check: 'exact',
    about:
      'The publishable key for the widget and `actions`, the Turnstile action each form API expects by its path (`signup`, `course-registration`); `503 CHALLENGE_NOT_CONFIGURED` on a site without a challenge, as here.',
    command: 'curl -s {origin}/api/challenge/site-key',
    output:
      '{"error":{"code":"CHALLENGE_NOT_CONFIGURED","message":"No bot challenge is configured on this site.","resolution":"GET /api/challenge/required tells whether forms need a token; here they do not.","requestId":"7c9e6679-7425-40de-944b-e07fc1f90ae7"}}',
  },
  {
    id: 'chat',
    title: 'Chat',
    check: 'exact',
    about:
      'Send the conversation in the AI SDK chat request shape; the answer streams as Server-Sent Events (an AI SDK UI message stream): a `source-url` part per page used, then the text. Without a configured model, `503 AI_UNAVAILABLE`, as here.',
    command:
      'curl -sN {origin}/api/chat -H \'Content-Type: application/json\' -d \'{"messages":[{"id":"m1","role":"user","parts":[{"type":"text","text":"Can I study Greek online?"}]}]}\'',
    output:
      '{"error":{"code":"AI_UNAVAILABLE","message":"The chat is not available: this site has no language model configured.","resolution":"Use /api/search to find pages. Operators: set GOOGLE_GENERATIVE_AI_API_KEY or CHAT_OPENAI_BASE_URL.","requestId":"7c9e6679-7425-40de-944b-e07fc1f90ae7"}}',
  },
  {
    id: 'auth',
    title: 'Staff sign-in handler',
    check: 'exact',
    about:
      "For the institute's staff, in a browser; not an API for third parties (see /auth.md). With a provider configured, `/api/auth/providers` lists it; without one, as here, `404`.",
    command: 'curl -s {origin}/api/auth/providers',
    output:
      '{"error":{"code":"NOT_FOUND","message":"Staff sign-in is not configured on this server.","resolution":"See /openapi.json for the routes this API offers.","requestId":"7c9e6679-7425-40de-944b-e07fc1f90ae7"}}',
  },
  {
    id: 'courses',
    title: 'Find courses',
    check: 'shape',
    about:
      'Filters `department`, `level`, `delivery`, `term`, `registrationOpen`, `credits` and free text `q`, each narrowing; `limit` 1–100 (default 20) and `offset` page as in search. `nextStart` is the first term not yet started when you ask; `registerUrl` is the registration form with the course and term filled in, for each term open for registration. `/api/courses/{code}` gives one course, `/api/terms` the terms and their key dates. Answers carry an `ETag` and `Cache-Control: public, max-age=60`.',
    command: "curl -s '{origin}/api/courses?delivery=online&term=2027-spring&limit=1'",
    output:
      '{"total":5,"limit":1,"offset":0,"results":[{"code":"BIB120","title":"New Testament Survey","summary":"The twenty-seven books of the New Testament in their first-century Jewish and Greco-Roman setting, taught fully online with a compressed summer option.","department":"biblical-studies","credits":3,"level":"introductory","delivery":"online","prerequisites":[],"instructors":["Dr. Ruth Abernathy"],"terms":[{"id":"2027-spring","name":"Spring 2027","starts":"2027-01-18","registrationOpen":true,"registerUrl":"/register/?term=2027-spring&course=BIB120"},{"id":"2027-summer","name":"Summer 2027","starts":"2027-06-07","registrationOpen":true,"registerUrl":"/register/?term=2027-summer&course=BIB120"}],"nextStart":{"id":"2027-spring","name":"Spring 2027","starts":"2027-01-18","registrationOpen":true,"registerUrl":"/register/?term=2027-spring&course=BIB120"},"url":"/courses/bib120/","markdownUrl":"/courses/bib120.md"}]}',
  },
  {
    id: 'courses-error',
    title: 'A bad filter',
    check: 'exact',
    about: 'An unknown value or parameter is a `400 INVALID_QUERY` whose issue lists the values allowed.',
    command: "curl -s '{origin}/api/courses?department=astrology'",
    output:
      '{"error":{"code":"INVALID_QUERY","message":"Invalid parameters: department.","resolution":"See the parameters of GET /api/courses in /openapi.json; each message lists the values allowed.","issues":[{"path":"department","message":"Unknown department; one of \\"biblical-studies\\", \\"theology\\", \\"history\\", \\"ministry\\", \\"languages\\", \\"music\\""}],"requestId":"7c9e6679-7425-40de-944b-e07fc1f90ae7"}}',
  },
  {
    id: 'events',
    title: 'Upcoming events',
    check: 'shape',
    about:
      "The events not yet over when you ask, soonest first, up to `to` if given; an earlier `from` (ISO 8601 date or date-time) reaches into the past; `kind` is one of `open-day`, `lecture`, `concert`, `service`, `workshop`. `start` and `end` carry the offset of the event's time zone. The same events as calendars: `/calendar.ics`.",
    command: "curl -s '{origin}/api/events?kind=open-day&to=2027-04-01'",
    output:
      '{"total":1,"results":[{"id":"open-day-2027-03","title":"Open day for Fall 2027 applicants","kind":"open-day","start":"2027-03-13T10:00:00+00:00","end":"2027-03-13T16:00:00+00:00","timeZone":"Europe/London","place":"Main campus, Harrow Vale","online":"https://northgate.example/live/","summary":"Sample classes, a tour of the campus and library, a talk about fees and scholarships, and time to meet students and tutors. Online visitors join the sample classes and a live Q&A.","booking":"mailto:admissions@northgate.example","url":"/events/#open-day-2027-03"}]}',
  },
  {
    id: 'unknown',
    title: 'An unknown path',
    check: 'exact',
    about: 'Any path under `/api/` that no route serves is a JSON `404 NOT_FOUND`, never an HTML page.',
    command: 'curl -s {origin}/api/programs',
    output:
      '{"error":{"code":"NOT_FOUND","message":"This API path does not exist.","resolution":"See /openapi.json for the routes this API offers.","requestId":"7c9e6679-7425-40de-944b-e07fc1f90ae7"}}',
  },
  {
    id: 'catalog',
    title: 'API catalog',
    check: 'exact',
    about: 'Where everything else is, by RFC 9727.',
    command: 'curl -s {origin}/.well-known/api-catalog',
    output:
      '{"linkset":[{"anchor":"{origin}/api/","service-desc":[{"href":"{origin}/openapi.json","type":"application/vnd.oai.openapi+json;version=3.1","title":"OpenAPI 3.1 description"}],"service-doc":[{"href":"{origin}/developers","type":"text/html","title":"Developer guide"}],"status":[{"href":"{origin}/api/health","type":"application/json","title":"Health probe"}]}]}',
  },
  {
    id: 'mcp',
    title: 'MCP: a tool call over plain HTTP',
    check: 'shape',
    about:
      'MCP clients do this for you; by hand, one JSON-RPC request per POST (the server is stateless, so no session header is needed).',
    command:
      'curl -s {origin}/mcp -H \'Content-Type: application/json\' -H \'Accept: application/json, text/event-stream\' -d \'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_site","arguments":{"query":"greek","limit":1}}}\'',
    output:
      '{"result":{"content":[{"type":"text","text":"{\\"query\\":\\"greek\\",…}"}],"structuredContent":{"query":"greek","total":27,"limit":1,"offset":0,"results":[{"title":"LAN301: Greek Readings","url":"/courses/lan301/","type":"course","excerpt":"Ancient Languages. LAN301: <mark>Greek</mark> Readings…","markdownUrl":"/courses/lan301.md"}]}},"jsonrpc":"2.0","id":1}',
  },
];

/** Self-throttling: the rate-limit headers of a form answer (shown under "Rate limits"). */
export const throttleExample: CurlExample = {
  id: 'throttle',
  title: 'Rate-limit headers',
  check: 'header-names',
  about: 'Every answer of a rate-limited route carries the three headers.',
  command:
    "curl -s -D - -o /dev/null {origin}/api/email-marketing-signup -H 'Content-Type: application/json' -d '{\"email\":\"ada@example.org\"}' | grep -i '^x-ratelimit'",
  output: 'x-ratelimit-limit: 3\nx-ratelimit-remaining: 2\nx-ratelimit-reset: 1798765200000',
};

/** The example with `{origin}` replaced. */
export const withOrigin = (text: string, origin: string) => text.replaceAll('{origin}', origin);

/** JSON output indented for reading; curl itself prints it on one line. */
export const indented = (output: string) =>
  output.startsWith('{') ? JSON.stringify(JSON.parse(output), null, 2) : output;
