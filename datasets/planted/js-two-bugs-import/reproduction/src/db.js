export const queries = [];
export const db = {
  async query(sql, params = []) {
    queries.push({ sql, params });
    return { sql, params, rows: [] };
  },
};
