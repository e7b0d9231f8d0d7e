# One image for the API (serving the built client) and the worker (with Chromium for PDFs, and the
# PostgreSQL 15 client: pg_dump/pg_restore of the pre-upgrade backup must match the compose server, postgres:15).
FROM node:20-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-dejavu-core ca-certificates postgresql-client \
 && rm -rf /var/lib/apt/lists/*
ENV CHROME_PATH=/usr/bin/chromium NODE_ENV=production DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY worker/package.json worker/
COPY client/package.json client/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
RUN npm run build
VOLUME ["/data"]
EXPOSE 3000
CMD ["npm", "run", "serve"]
