import { Errors } from "moleculer";
import { ApiError } from "../shared/errors";
import { toErrorResponse } from "./error-response";
import { errorBody, presentInStyle, styleOfPath } from "./styles";

describe("error responses", () => {
  it("keeps an ApiError's status, code, message and details", () => {
    const error = ApiError.validation([{ field: "name", reason: "required", message: "is required" }]);
    expect(toErrorResponse(error)).toEqual({
      status: 400,
      code: "invalid_request",
      message: "name: is required",
      details: { field: "name", reason: "required", errors: [{ field: "name", reason: "required", message: "is required" }] },
    });
  });

  it("keeps an ApiError that crossed the bus as a plain moleculer error", () => {
    const plain = new Errors.MoleculerError("Project not found", 404, "not_found", {});
    plain.name = "ApiError";
    expect(toErrorResponse(plain)).toMatchObject({ status: 404, code: "not_found", message: "Project not found" });
  });

  it("hides everything about an unexpected error", () => {
    const response = toErrorResponse(new Error("connection to mongodb://user:secret@db failed"));
    expect(response).toEqual({ status: 500, code: "internal_error", message: "Something went wrong on our side", details: {} });
    expect(JSON.stringify(errorBody("A", response))).not.toContain("secret");
  });

  it("does not trust a 5xx dressed as one of our codes", () => {
    const odd = new Errors.MoleculerError("driver said: E11000 at db.projects", 500, "internal_error", { stack: "x" });
    expect(toErrorResponse(odd)).toMatchObject({ status: 500, message: "Something went wrong on our side", details: {} });
  });

  it("answers 503, never 500, when the node serving a request died, timed out or cannot be reached", () => {
    const lost = [
      new Errors.RequestRejectedError({ action: "timeEntries.create", nodeID: "services-1" }),
      new Errors.RequestTimeoutError({ action: "timeEntries.create", nodeID: "services-1" }),
      new Errors.ServiceNotAvailableError({ action: "timeEntries.create" }),
      new Errors.ServiceNotFoundError({ action: "projects.lookupForEntry" }),
      Object.assign(new Error("The broker's transporter has disconnected"), { name: "BrokerDisconnectedError", code: 502 }),
      new Errors.QueueIsFullError({ action: "timeEntries.create", nodeID: "services-1", size: 100, limit: 100 }),
    ];
    for (const error of lost) {
      expect(toErrorResponse(error)).toMatchObject({ status: 503, code: "service_unavailable", details: {} });
    }
  });

  it("answers 503 when the store or the counters are away, as their errors cross the bus by name", () => {
    for (const name of ["MongoServerSelectionError", "MongoNetworkError", "MongoNotConnectedError", "MaxRetriesPerRequestError"]) {
      const crossed = new Error("connect ECONNREFUSED 127.0.0.1:27017 mongodb://user:secret@db");
      crossed.name = name;
      const response = toErrorResponse(crossed);
      expect(response).toMatchObject({ status: 503, code: "service_unavailable" });
      expect(response.message).not.toContain("secret");
    }
    expect(toErrorResponse(new Error("Connection is closed."))).toMatchObject({ status: 503 });
  });

  it("renders the two styles", () => {
    const response = toErrorResponse(ApiError.notFound("Project"));
    expect(errorBody("A", response)).toEqual({ error: { code: "not_found", message: "Project not found", details: {} } });
    expect(errorBody("B", response)).toEqual({ error: "Project not found", code: "NOT_FOUND", details: {} });
  });

  it("knows each path's style", () => {
    expect(styleOfPath("/api/v1/projects")).toBe("A");
    expect(styleOfPath("/v1/projects?x=1")).toBe("A");
    expect(styleOfPath("/api/projects")).toBe("B");
    expect(styleOfPath("/api")).toBe("B");
    expect(styleOfPath("/apiary")).toBe("A");
    expect(styleOfPath("/elsewhere")).toBe("A");
  });

  it("rewrites only well-formed project ids for Style B", () => {
    const id = "prj_0123456789abcdefghijAB";
    const value = { data: [{ id, project_id: id, description: "prj_ is our prefix", other: "prj_short" }] };
    expect(presentInStyle("B", value)).toEqual({
      data: [
        {
          id: "proj_0123456789abcdefghijAB",
          project_id: "proj_0123456789abcdefghijAB",
          description: "prj_ is our prefix",
          other: "prj_short",
        },
      ],
    });
    expect(presentInStyle("A", value)).toBe(value);
  });
});
