/** The signed-in learner, as every authenticated request and socket knows them. */
export type AuthUser = { id: string; username: string; email: string; timeZone: string; sessionId: string };
