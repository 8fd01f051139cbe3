#!/usr/bin/env bash
# A real one-node Slurm cluster on this machine, for the batch tests:
#   Scripts/slurm-one-node.sh start DIR   starts munged (unless one answers),
#                                         slurmctld and slurmd, with their
#                                         configuration, state and logs in DIR,
#                                         and waits until the node is idle;
#                                         prints the SLURM_CONF to export
#   Scripts/slurm-one-node.sh stop DIR    stops the two daemons it started
# Needs root (slurmd starts tasks as their user) and Debian's slurm-wlm and
# munge. No systemd: the daemons run in the foreground (-D), in the
# background of this shell.
set -euo pipefail
action=${1:?start or stop}
dir=${2:?a folder for the cluster}
dir=$(cd "$(dirname "$dir")" && pwd)/$(basename "$dir")

# A zombie still answers kill -0: it counts as gone.
alive() {
    [ -r "/proc/$1/stat" ] && [ "$(cut -d' ' -f3 "/proc/$1/stat")" != Z ]
}

stop() {
    for daemon in slurmd slurmctld; do
        [ -f "$dir/$daemon.pid" ] || continue
        pid=$(cat "$dir/$daemon.pid")
        kill "$pid" 2>/dev/null || true
        # slurmd can stay in accept() after SIGTERM: five seconds, then KILL.
        for _ in $(seq 50); do alive "$pid" || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
        rm -f "$dir/$daemon.pid"
    done
}

if [ "$action" = stop ]; then
    stop
    exit 0
fi

mkdir -p "$dir/state" "$dir/spool"
host=$(hostname -s)
# Ports of its own, so that a cluster already on the machine is left alone.
cat >"$dir/slurm.conf" <<EOF
ClusterName=meshgrad
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SchedulerType=sched/builtin
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
# Finished jobs stay visible to scontrol for ten minutes.
MinJobAge=600
NodeName=$host CPUs=$(nproc) RealMemory=$(($(awk '/MemTotal/ { print $2 }' /proc/meminfo) / 1024 - 512)) State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
cp /dev/null "$dir/cgroup.conf"
export SLURM_CONF=$dir/slurm.conf

# The daemons outlive this script: they must not hold its caller's
# descriptors (a pipe or socket the caller waits on to see it end).
for fd in /proc/$$/fd/*; do
    fd=${fd##*/}
    if [ "$fd" -gt 2 ]; then eval "exec $fd>&-"; fi
done 2>/dev/null

# munged is started unless one answers (a zombie munged does not).
if ! munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
    mkdir -p /run/munge /var/log/munge /var/lib/munge
    chown munge:munge /run/munge /var/log/munge /var/lib/munge
    [ -s /etc/munge/munge.key ] || { dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key status=none; chown munge:munge /etc/munge/munge.key; chmod 400 /etc/munge/munge.key; }
    runuser -u munge -- /usr/sbin/munged --force </dev/null >/dev/null 2>&1
fi

stop
slurmctld -D -f "$SLURM_CONF" </dev/null >>"$dir/slurmctld.out" 2>&1 &
slurmd -D -f "$SLURM_CONF" </dev/null >>"$dir/slurmd.out" 2>&1 &
for _ in $(seq 120); do
    if sinfo -h -o %T 2>/dev/null | grep -qx idle; then
        echo "$SLURM_CONF"
        exit 0
    fi
    sleep 0.5
done
echo "slurm-one-node: the node did not come up within 60 s; see $dir/*.log" >&2
tail -5 "$dir"/*.log >&2 || true
stop
exit 1
