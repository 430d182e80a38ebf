// Swagger UI on this API's own document; nothing is fetched from elsewhere
// (no validator badge: the floor network is closed).
window.addEventListener("load", () => {
  window.ui = SwaggerUIBundle({
    url: "/api/v1/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
  });
});
