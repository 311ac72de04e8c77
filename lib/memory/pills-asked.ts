// The popup asks a tab's content script what its pills say with this message; nothing else can (a
// page cannot message a content script through the runtime). Its answer is card-verdict.ts's
// TabPills. No zod here: the content script imports it and stays free of the schema library.
export const PILLS_ASKED = { vhlPills: true } as const;
