import mongoose from "mongoose";

/** Drops a suite's own MongoDB database when the suite is done with it. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const connection = await mongoose.createConnection(databaseUrl, { serverSelectionTimeoutMS: 5000 }).asPromise();
  try {
    await connection.dropDatabase();
  } finally {
    await connection.close();
  }
}
