"""What the deployment files promise, checked on what they render to.

The schema check says the manifests are well-formed; this says they keep the promises
of k8s/README.md and docs/operations.md: one Deployment (and one compose service) per
service name of shared/config.ts, each probed, sized, with a heap limit that fits under
its memory limit, unprivileged and spread, with a disruption budget, secrets only by
reference, a default-deny network policy, and the production image pinned to the
released version.

    python deploy_policy.py manifests RENDERED.yaml --services "gateway auth ..." --traits JSON [--pinned-tag 0.1.0] [--label NAME]
    python deploy_policy.py compose RESOLVED.yaml --services "gateway auth ..." --traits JSON [--label NAME]

The traits are what the services declare of themselves (services/<name>/traits.ts), as
check-deploy reads them from app.ts: {"keepsDocuments": [...], "holdsSigningKey": [...]}.

Prints every broken promise and exits 1 when there is one.
"""

import argparse
import json
import re
import sys

import yaml

SECRET_SETTINGS = {"JWT_SECRET", "MONGO_URL", "NATS_URL", "REDIS_URL"}

# What a container's memory limit must keep, at the least, beside the old generation that
# --max-old-space-size sets (docs/operations.md, "Memory"): Node 22's young generation
# (48 MiB) and 144 MiB for what lives outside the heap (code, buffers, clients; 130 MiB at
# most was measured under the API's load).
HEAP_RESERVE_MIB = 48 + 144
# The image's NODE_OPTIONS, which a container's own NODE_OPTIONS replaces.
IMAGE_NODE_OPTIONS = "--experimental-async-context-frame"

# Binary units: Kubernetes quantities (Mi, Gi) and Docker's sizes (m, g), plus Kubernetes'
# decimal ones (M, G).
MEMORY_UNITS = {"": 1, "b": 1, "k": 1024, "m": 1024**2, "g": 1024**3, "Ki": 1024, "Mi": 1024**2, "Gi": 1024**3, "Ti": 1024**4, "K": 1000, "M": 1000**2, "G": 1000**3, "T": 1000**4}


def mebibytes(quantity):
    """A memory quantity (512Mi, 1Gi, 768m, 536870912) in MiB, or None if it cannot be read."""
    match = re.fullmatch(r"(\d+(?:\.\d+)?)([A-Za-z]*)", str(quantity).strip())
    if not match or match.group(2) not in MEMORY_UNITS:
        return None
    return float(match.group(1)) * MEMORY_UNITS[match.group(2)] / 1024**2


def heap_problems(node_options, memory_limit):
    """What is wrong with a container's heap limit, given its NODE_OPTIONS and memory limit."""
    if node_options is None:
        return ["sets no NODE_OPTIONS with a heap limit (--max-old-space-size), so Node sizes its heap as if the whole memory limit were its own"]
    flags = str(node_options).split()
    problems = []
    if IMAGE_NODE_OPTIONS not in flags:
        problems.append(f"NODE_OPTIONS replaces the image's, and leaves out {IMAGE_NODE_OPTIONS}")
    sizes = [flag.split("=", 1)[1] for flag in flags if flag.startswith("--max-old-space-size=")]
    if len(sizes) != 1 or not sizes[0].isdigit():
        problems.append("NODE_OPTIONS sets no single heap limit (--max-old-space-size=<MiB>)")
        return problems
    if not memory_limit:
        return problems  # the missing memory limit is a problem of its own, said by the caller
    limit = mebibytes(memory_limit)
    if limit is None:
        problems.append(f"has a memory limit ({memory_limit!r}) that cannot be read, to fit a heap limit under")
    elif int(sizes[0]) > limit - HEAP_RESERVE_MIB:
        problems.append(f"heap limit {sizes[0]} MiB leaves less than {HEAP_RESERVE_MIB} MiB of its {limit:g} MiB memory limit beside the heap")
    return problems


def env_of(container):
    return {item["name"]: item for item in container.get("env", [])}


def selects(selector, labels):
    """Whether a label selector picks a pod with these labels; an empty one picks every pod."""
    if selector is None:
        return False
    if any(labels.get(key) != value for key, value in selector.get("matchLabels", {}).items()):
        return False
    for expression in selector.get("matchExpressions", []):
        key, operator, values = expression["key"], expression["operator"], expression.get("values", [])
        matched = {
            "In": key in labels and labels[key] in values,
            "NotIn": key not in labels or labels[key] not in values,
            "Exists": key in labels,
            "DoesNotExist": key not in labels,
        }.get(operator)
        if not matched:
            return False
    return True


def check_deployment(deployment, traits, problems):
    name = deployment["metadata"]["name"]
    pod = deployment["spec"]["template"]["spec"]
    say = lambda message: problems.append(f"Deployment {name}: {message}")
    containers = pod.get("containers", [])
    if len(containers) != 1:
        say(f"has {len(containers)} containers, expected 1")
        return None
    container = containers[0]
    env = env_of(container)
    service = env.get("SERVICES", {}).get("value")
    if not service or "," in service or service == "all":
        say(f"SERVICES must name exactly one service, got {service!r}")

    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        if probe not in container:
            say(f"has no {probe}")
    if service != "gateway":
        port = env.get("HEALTH_PORT", {}).get("value")
        if not port:
            say("runs no gateway but sets no HEALTH_PORT, so nothing answers its probes")
        ports = {p.get("name"): str(p.get("containerPort")) for p in container.get("ports", [])}
        for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
            target = container.get(probe, {}).get("httpGet", {})
            if target and ports.get(target.get("port"), str(target.get("port"))) != port:
                say(f"{probe} does not probe HEALTH_PORT ({port})")

    resources = container.get("resources", {})
    for path, value in (("requests.cpu", resources.get("requests", {}).get("cpu")), ("requests.memory", resources.get("requests", {}).get("memory")), ("limits.memory", resources.get("limits", {}).get("memory"))):
        if not value:
            say(f"has no resources.{path}")
    node_options = env.get("NODE_OPTIONS")
    if node_options is not None and "value" not in node_options:
        say("NODE_OPTIONS must be written in the Deployment, beside the memory limit it fits under")
    else:
        for problem in heap_problems(node_options and node_options["value"], resources.get("limits", {}).get("memory")):
            say(problem)

    pod_security = pod.get("securityContext", {})
    security = container.get("securityContext", {})
    if pod_security.get("runAsNonRoot") is not True and security.get("runAsNonRoot") is not True:
        say("does not set runAsNonRoot")
    if pod_security.get("seccompProfile", {}).get("type") != "RuntimeDefault":
        say("does not use the RuntimeDefault seccomp profile")
    if security.get("readOnlyRootFilesystem") is not True:
        say("has a writable root file system")
    if security.get("allowPrivilegeEscalation") is not False:
        say("allows privilege escalation")
    if "ALL" not in security.get("capabilities", {}).get("drop", []):
        say("does not drop ALL capabilities")
    if not pod.get("topologySpreadConstraints"):
        say("has no topology spread constraints")
    mounts = {m["mountPath"]: m["name"] for m in container.get("volumeMounts", [])}
    volumes = {v["name"]: v for v in pod.get("volumes", [])}
    if "/tmp" not in mounts or "emptyDir" not in volumes.get(mounts["/tmp"], {}):
        say("has no emptyDir at /tmp (the root file system is read-only)")

    for setting in SECRET_SETTINGS:
        item = env.get(setting)
        if item is not None and "secretKeyRef" not in item.get("valueFrom", {}):
            say(f"{setting} must come from a Secret by reference, not a literal or a ConfigMap")
    store_services, key_holders = traits["keepsDocuments"], traits["holdsSigningKey"]
    if service in store_services and "MONGO_URL" not in env:
        say("keeps documents but has no MONGO_URL")
    if service not in store_services and "MONGO_URL" in env:
        say("never opens MongoDB but is given MONGO_URL")
    if (service in key_holders) != ("JWT_SECRET" in env):
        say(f"JWT_SECRET goes to the services that hold the signing key only ({', '.join(key_holders)})")
    return service


def check_manifests(path, services, traits, pinned_tag):
    documents = [doc for doc in yaml.safe_load_all(open(path, encoding="utf-8")) if doc]
    problems = []
    by_kind = {}
    for doc in documents:
        by_kind.setdefault(doc["kind"], []).append(doc)

    deployments = by_kind.get("Deployment", [])
    seen = {}
    for deployment in deployments:
        service = check_deployment(deployment, traits, problems)
        if service:
            seen.setdefault(service, []).append(deployment["metadata"]["name"])
    for service in services:
        if len(seen.get(service, [])) != 1:
            problems.append(f"service {service}: {len(seen.get(service, []))} Deployments run it, expected exactly 1")
    for service in set(seen) - set(services):
        problems.append(f"Deployments {seen[service]} run {service!r}, which shared/config.ts does not name")

    budgets = by_kind.get("PodDisruptionBudget", [])
    autoscaled = {hpa["spec"]["scaleTargetRef"]["name"] for hpa in by_kind.get("HorizontalPodAutoscaler", [])}
    for deployment in deployments:
        name = deployment["metadata"]["name"]
        labels = deployment["spec"]["template"]["metadata"].get("labels", {})
        if not any(selects(budget["spec"].get("selector"), labels) for budget in budgets):
            problems.append(f"Deployment {name}: no PodDisruptionBudget selects its pods")
        if name in autoscaled and "replicas" in deployment["spec"]:
            problems.append(f"Deployment {name}: sets replicas although an autoscaler owns them (each apply would reset them)")
        if name not in autoscaled and "replicas" not in deployment["spec"]:
            problems.append(f"Deployment {name}: has neither an autoscaler nor a replica count")
        if env_of(deployment["spec"]["template"]["spec"]["containers"][0]).get("SERVICES", {}).get("value") == "gateway" and name not in autoscaled:
            problems.append(f"Deployment {name}: the gateway has no autoscaler")
        if pinned_tag is not None:
            image = deployment["spec"]["template"]["spec"]["containers"][0].get("image", "")
            if not image.endswith(f":{pinned_tag}") and f":{pinned_tag}@sha256:" not in image:
                problems.append(f"Deployment {name}: image {image!r} is not pinned to the release {pinned_tag}")

    policies = by_kind.get("NetworkPolicy", [])
    deny_all = [p for p in policies if set(p["spec"].get("policyTypes", [])) == {"Ingress", "Egress"} and not p["spec"].get("ingress") and not p["spec"].get("egress")]
    for deployment in deployments:
        labels = deployment["spec"]["template"]["metadata"].get("labels", {})
        if not any(selects(p["spec"].get("podSelector"), labels) for p in deny_all):
            problems.append(f"Deployment {deployment['metadata']['name']}: no default-deny NetworkPolicy covers its pods")
    ingress = [p for p in policies if p["spec"].get("ingress")]
    for policy in ingress:
        for deployment in deployments:
            labels = deployment["spec"]["template"]["metadata"].get("labels", {})
            service = env_of(deployment["spec"]["template"]["spec"]["containers"][0]).get("SERVICES", {}).get("value")
            if service != "gateway" and selects(policy["spec"].get("podSelector"), labels):
                problems.append(f"NetworkPolicy {policy['metadata']['name']} lets connections into {deployment['metadata']['name']}: only the gateway takes them")

    for secret in by_kind.get("Secret", []):
        problems.append(f"Secret {secret['metadata']['name']} is part of the build: secrets are created by the operator, not committed")
    return problems


def check_compose(path, services):
    resolved = yaml.safe_load(open(path, encoding="utf-8"))
    problems = []
    seen = {}
    for name, service in resolved.get("services", {}).items():
        env = service.get("environment") or {}
        if "SERVICES" not in env:
            continue
        seen.setdefault(env["SERVICES"], []).append(name)
        if env["SERVICES"] != "gateway" and not env.get("HEALTH_PORT"):
            problems.append(f"compose service {name}: runs no gateway but sets no HEALTH_PORT")
        if not service.get("healthcheck"):
            problems.append(f"compose service {name}: has no health check")
        if not service.get("mem_limit"):
            problems.append(f"compose service {name}: has no mem_limit")
        for problem in heap_problems(env.get("NODE_OPTIONS"), service.get("mem_limit")):
            problems.append(f"compose service {name}: {problem}")
    for service in services:
        if len(seen.get(service, [])) != 1:
            problems.append(f"service {service}: {len(seen.get(service, []))} compose services run it, expected exactly 1")
    for service in set(seen) - set(services):
        problems.append(f"compose services {seen[service]} run {service!r}, which shared/config.ts does not name")
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=["manifests", "compose"])
    parser.add_argument("path")
    parser.add_argument("--services", required=True, help="the service names of shared/config.ts, space-separated")
    parser.add_argument("--traits", required=True, help="the services' declared traits, as JSON (see the module's text)")
    parser.add_argument("--pinned-tag")
    parser.add_argument("--label", help="what to call the file in messages")
    args = parser.parse_args()
    services = args.services.split()
    if not services:
        parser.error("--services is empty")
    traits = json.loads(args.traits)
    for trait in ("keepsDocuments", "holdsSigningKey"):
        if not isinstance(traits.get(trait), list):
            parser.error(f"--traits names no list {trait}")
    problems = check_manifests(args.path, services, traits, args.pinned_tag) if args.kind == "manifests" else check_compose(args.path, services)
    label = args.label or args.path
    for problem in problems:
        print(f"{label}: {problem}", file=sys.stderr)
    print(f"{label}: promises {'kept' if not problems else f'broken ({len(problems)})'}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
