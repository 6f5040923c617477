/** A room's games, and one of them, under the api's group-learning routes. */
export const gamesPath = (roomId: string) => `/group-learning/${encodeURIComponent(roomId)}/games`;
export const gamePath = (roomId: string, gameId: string) => `${gamesPath(roomId)}/${encodeURIComponent(gameId)}`;
