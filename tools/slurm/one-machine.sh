#!/bin/sh
# Starts a real Slurm cluster of one node on this machine (munged,
# slurmctld, slurmd, as root), so that the training job arrays of
# doc/training.md run under the same manager as on a cluster. Debian:
# apt-get install slurm-wlm munge. Idempotent: daemons already running are
# left alone. `tools/slurm/one-machine.sh stop` stops them.
set -eu
host=$(hostname -s)
conf=/etc/slurm/slurm.conf

if [ "${1:-}" = stop ]; then
    pkill -x slurmd || true
    pkill -x slurmctld || true
    exit 0
fi

# slurmd -C reads the node's CPUs and memory as Slurm sees them.
node=$(slurmd -C | head -1)
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
chown slurm:slurm /var/spool/slurmctld /var/log/slurm
cat >"$conf" <<CONF
# One-node Slurm for Quartet's training arrays (tools/slurm/one-machine.sh).
ClusterName=quartet
SlurmctldHost=$host
SlurmUser=slurm
AuthType=auth/munge
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
# No cgroups in a container: track processes by their parents.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
# Cores as the unit, so one-CPU array tasks run side by side.
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
MaxArraySize=10001
$node State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

if ! pgrep -x munged >/dev/null; then
    [ -s /etc/munge/munge.key ] || mungekey --create
    chown -R munge:munge /etc/munge /run/munge
    su -s /bin/sh munge -c munged
fi
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
# Wait for the node to come up (a few seconds), then show it.
for i in $(seq 30); do
    sinfo -h -o %T 2>/dev/null | grep -Eq '^(idle|mixed|allocated)' && break
    sleep 1
done
sinfo
