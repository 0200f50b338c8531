# Two commands a newcomer needs: `make demo` and `make test`. Everything else they call is here too.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

# Node.js 24: the machine's own when it is 24, else the official binary from the npm registry.
NODE_DIR := $(shell deploy/local/node.sh)
export PATH := $(NODE_DIR):$(PATH)
# ~/.npmrc may pin nodedir to older headers; native addons must build against this node's.
export npm_config_nodedir := $(abspath $(NODE_DIR)/..)
export npm_config_update_notifier := false
export npm_config_fund := false
export npm_config_audit := false

# The local stack's key ring of secrets at rest (deploy/local/secrets-key.sh: made once, beside the
# machine's local database, shared by its checkouts), unless
# SECRETS_ENCRYPTION_KEYS or SECRETS_ENCRYPTION_KEYS_FILE names another.
LOCAL_KEY_RING := if [ -z "$${SECRETS_ENCRYPTION_KEYS:-}$${SECRETS_ENCRYPTION_KEYS_FILE:-}" ]; then \
  export SECRETS_ENCRYPTION_KEYS_FILE="$$(deploy/local/secrets-key.sh)"; fi;

.PHONY: help install build stack-up stack-down stack-status migrate run demo test test-unit lint bench bench-kafka clean kube-tools contract-tools kubernetes

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-13s %s\n", $$1, $$2}'

node_modules/.install-stamp: package.json package-lock.json $(wildcard patches/*.patch)
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

install: node_modules/.install-stamp ## install dependencies (npm ci)

build: install ## compile TypeScript to dist/ and the web console to dist/console/
	npm run --silent build

stack-up: ## start Postgres, Kafka (KRaft) and the schema registry; no-op when running
	deploy/local/stack.sh up

stack-down: ## stop the local stack started by stack-up
	deploy/local/stack.sh down

stack-status: ## show the local stack
	deploy/local/stack.sh status

migrate: build stack-up ## apply database migrations
	$(LOCAL_KEY_RING) node dist/src/cli.js migrate

run: build stack-up ## the service in the foreground against the configured stack
	$(LOCAL_KEY_RING) node --max-old-space-size=384 --max-semi-space-size=32 dist/src/main.js  # a heap as a container gets from its memory limit; see "Memory"

demo: build stack-up ## end to end: stack, service, HTTPS receiver, subscription, events, deliveries
	$(LOCAL_KEY_RING) node dist/src/cli.js demo

test: build stack-up kube-tools contract-tools ## lint, type-check and the whole Jest suite (unit, integration, medium, e2e, browser) on the real stack
	npm run --silent typecheck
	npm run --silent lint
	deploy/local/browser.sh >/dev/null  # Chromium for the console's browser test (apt, when missing)
	deploy/local/nginx.sh >/dev/null    # nginx, the receiver of the bench's smoke test (apt, when missing)
	npm test -- --ci --forceExit --selectProjects unit integration medium e2e
	# Alone, after the rest, one suite at a time: a broker restart under a running service, timing comparisons, the quick bench.
	npm test -- --ci --forceExit --runInBand --selectProjects serial

test-unit: install ## unit tests only; no stack needed
	npm test -- --selectProjects unit

lint: install ## ESLint and Prettier
	npm run --silent lint

kube-tools: ## kustomize (Go module) and kubernetes-validate (PyPI, bundled schemas) into .cache/k8s
	deploy/kubernetes/tools.sh >/dev/null

contract-tools: ## Schemathesis (PyPI) into a venv in .cache/schemathesis, for the API contract test
	deploy/local/schemathesis.sh >/dev/null

kubernetes: build stack-up kube-tools ## render and validate deploy/kubernetes offline (the Jest suite that make test runs)
	npm test -- --ci --selectProjects integration --testPathPatterns test/integration/kubernetes.spec.ts

bench: build stack-up ## throughput and latency through the real stack, against a raw baseline
	$(LOCAL_KEY_RING) npm run --silent bench

# librdkafka's prebuilt binaries are out of reach here, so it is built against the machine's OpenSSL and
# zlib (about 2 minutes), beside the lock file rather than in it: the service does not use it.
bench-kafka: build stack-up ## kafkajs, @platformatic/kafka and @confluentinc/kafka-javascript side by side
	CKJS_LINKING=dynamic npm install --no-save --loglevel=error @confluentinc/kafka-javascript@1.10.1
	npm run --silent bench:kafka

clean: ## remove build output (keeps caches and stack data)
	rm -rf dist
